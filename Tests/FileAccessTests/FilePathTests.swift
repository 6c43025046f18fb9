import FileAccess
import Testing

@Suite struct FilePathTests {
  /// Each row: a path, its parent, its last component (the cases NSString crashed on or got wrong).
  @Test(arguments: [
    ("s", ".", "s"), ("a", ".", "a"), ("-", ".", "-"), ("x/", ".", "x"), ("a/b", "a", "b"), ("a/b/", "a", "b"),
    ("/a", "/", "a"), ("/", "/", "/"), ("/a/b/c", "/a/b", "c"), ("a//b", "a", "b"), ("./s", ".", "s"),
    ("", ".", ""), ("//", "/", "/"), ("/a/", "/", "a"), ("//a", "/", "a"), ("a//b//", "a", "b"),
    ("日本/語.lproj", "日本", "語.lproj"), ("é/x\u{301}", "é", "x\u{301}"),
  ])
  func parentAndLastComponent(path: String, parent: String, last: String) {
    #expect(FilePath(path).parent == FilePath(parent))
    #expect(FilePath(path).lastComponent == last)
  }

  @Test(arguments: [
    ("InfoPlist.strings", "InfoPlist", "strings"), ("de.lproj", "de", "lproj"), ("a/b.c/d", "d", nil),
    (".hidden", ".hidden", nil), ("Localizable.xcstrings", "Localizable", "xcstrings"),
  ])
  func stemAndExtension(path: String, stem: String, pathExtension: String?) {
    #expect(FilePath(path).stem == stem)
    #expect(FilePath(path).pathExtension == pathExtension)
  }

  @Test func joinsAndResolvesRelativePaths() {
    #expect(FilePath("a").appending("b") == FilePath("a/b"))
    #expect(FilePath("a/").appending("b") == FilePath("a/b"))
    #expect(FilePath("scripts").resolving("../App") == FilePath("scripts/../App"))
    #expect(FilePath("scripts").resolving("/abs/App") == FilePath("/abs/App"))
    #expect(FilePath(".").resolving("App") == FilePath("App"))
  }

  @Test func relativePathsInsideAFolder() {
    #expect(FilePath("/x/App/de.lproj/a.strings").relative(to: FilePath("/x/App")) == "de.lproj/a.strings")
    #expect(FilePath("App/de.lproj").relative(to: FilePath("./App/")) == "de.lproj")
    #expect(FilePath("./App/de.lproj").relative(to: FilePath(".")) == "App/de.lproj")
    #expect(FilePath("/y/other").relative(to: FilePath("/x")) == nil)
    #expect(FilePath("/x").relative(to: FilePath("/x")) == "")
  }
}

@Suite struct NormalizedPathTests {
  @Test(arguments: [
    ("a/./b/../c", "a/c"), ("/x/../..", "/"), ("../a", "../a"), ("a/..", "."), ("/a/b/../../c", "/c"), ("./", "."),
  ])
  func resolvesDotsAsText(path: String, expected: String) {
    #expect(FilePath(path).normalized == FilePath(expected))
  }

  @Test func insideMeansBelowAfterResolvingDots() {
    #expect(FilePath("/p/App").isInside(FilePath("/p")))
    #expect(!FilePath("/p/../etc").isInside(FilePath("/p")))
    #expect(!FilePath("/").isInside(FilePath("/p")))
    #expect(FilePath("/p").isInside(FilePath("/p/")))
  }
}
