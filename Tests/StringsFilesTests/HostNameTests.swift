import StringsFiles
import Testing

/// Tracking domains as TN3181 wants them.
@Suite struct HostNameTests {
  @Test(arguments: [
    ("collect.example", nil), ("a-b.c0.example", nil), ("localhost", nil),
    ("https://ads.example", "has a scheme; write the host alone: ads.example"),
    ("http://ads.example:80/x?y", "has a scheme, a query, a path and a port; write the host alone: ads.example"),
    ("ads.example/", "has a trailing slash; write the host alone: ads.example"), ("", "is empty"),
    ("ads_example.com", "is not a valid host name (letters, digits and hyphens in dot-separated labels)"),
    ("ads.example.", "is not a valid host name (letters, digits and hyphens in dot-separated labels)"),
  ])
  func problems(text: String, problem: String?) {
    #expect(HostName.problem(in: text) == problem)
  }
}
