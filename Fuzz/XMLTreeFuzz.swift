// libFuzzer target for the XML reader of schemes, .NET projects and XLIFF, and the XLIFF reader over its trees
// (built by Scripts/fuzz.sh, not by SwiftPM). Every input must be read, or refused with a line and column,
// without a crash or a hang, within the reader's bounds; a tree read, written back as XML, must read back as
// the same tree.
import Foundation

@testable import StringsFiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLTree(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch XMLTree.read(bytes: bytes, path: "test.xml") {
  case .failure(let problem):
    // Only bytes that are no text at all (empty, another encoding) are refused without a place.
    if problem.location == nil, case .success = PropertyListReader.text(of: bytes, file: "test.xml"), !bytes.isEmpty {
      fail("a refusal without a place: \(problem.reason)")
    }
  case .success(let tree):
    // The XLIFF reader over the same tree: units and the catalogs they stand for, or a refusal at a place.
    switch XLIFFDocument.read(tree, path: "test.xliff") {
    case .failure(let problem) where problem.location == nil:
      fail("an XLIFF refusal without a place: \(problem.reason)")
    case .failure: break
    case .success(let document):
      for file in document.infoPlistFiles { _ = StringCatalog(exported: file, path: "test.xliff", withSource: true) }
    }
    let written = xml(tree.root)
    guard case .success(let again) = XMLTree.read(bytes: Array(written.utf8), path: "again.xml") else {
      fail("the tree written back is refused: \(written)")
    }
    if text(again.root) != text(tree.root) { fail("the tree written back reads differently: \(written)") }
  }
  return 0
}

private func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  abort()
}

/// An element as XML: attributes and text escaped so that they read back as they are.
private func xml(_ element: XMLTree.Element) -> String {
  func escaped(_ value: String) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case "\"": result += "&quot;"
      case "\t", "\n", "\r": result += "&#\(scalar.value);"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
  let attributes = element.attributes.map { " \($0.name)=\"\(escaped($0.value))\"" }.joined()
  // The text comes first, then the children: a tree keeps no order between them.
  let children = element.children.map(xml).joined()
  return "<\(element.name)\(attributes)>\(escaped(element.text))\(children)</\(element.name)>"
}

/// A tree as text to compare, without places.
private func text(_ element: XMLTree.Element) -> String {
  let attributes = element.attributes.map { "\($0.name.debugDescription)=\($0.value.debugDescription)" }
  return "\(element.name.debugDescription)(\(attributes.joined(separator: ","))|\(element.text.debugDescription)|"
    + element.children.map(text).joined(separator: ",") + ")"
}
