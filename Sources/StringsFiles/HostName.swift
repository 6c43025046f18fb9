/// Host names as privacy manifests must write tracking domains (TN3181): a domain or subdomain, with no
/// scheme, port, path, query or trailing slash.
public enum HostName {
  /// What is wrong with `text` as a tracking domain, in a few words, with the host it should be where
  /// there is one; nil when it is a valid host name.
  public static func problem(in text: String) -> String? {
    guard !text.isEmpty else { return "is empty" }
    var rest = Substring(text)
    var found: [String] = []
    if let scheme = rest.firstRange(of: "://") {
      found.append("a scheme")
      rest = rest[scheme.upperBound...]
    }
    if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      found.append("a query")
      rest = rest[..<query]
    }
    if let slash = rest.firstIndex(of: "/") {
      found.append(rest[slash...] == "/" ? "a trailing slash" : "a path")
      rest = rest[..<slash]
    }
    if let colon = rest.lastIndex(of: ":") {
      found.append("a port")
      rest = rest[..<colon]
    }
    let host = String(rest)
    if !found.isEmpty {
      let list = found.count == 1 ? found[0] : found.dropLast().joined(separator: ", ") + " and " + found.last!
      return isValid(host) ? "has \(list); write the host alone: \(host)" : "has \(list)"
    }
    return isValid(host) ? nil : "is not a valid host name (letters, digits and hyphens in dot-separated labels)"
  }

  /// Whether `host` is a host name: labels of 1–63 ASCII letters, digits and hyphens (not at either end),
  /// separated by dots, 253 characters at most.
  public static func isValid(_ host: String) -> Bool {
    guard !host.isEmpty, host.utf8.count <= 253 else { return false }
    return host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
        && label.unicodeScalars.allSatisfy {
          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
        }
    }
  }
}
