// libFuzzer target for the strings reader (built by Scripts/fuzz.sh, not by SwiftPM).
// Every input must be read without a crash, and where CoreFoundation reads the same bytes, our reader must
// agree with it exactly; a disagreement is a finding. Every value is also read as the EU sheet's Markdown,
// as the linter and the UI read it.
import Foundation
import PromptStrings
import StringsFiles
import TextSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let result = StringsReader.read(bytes, file: "test.strings")
  if case .success(let table) = result {
    let map = table.lineMap
    for entry in table.entries {
      _ = map.location(of: entry.keyOffset)
      _ = map.location(of: entry.valueOffset)
    }
    if let error = table.syntaxError { _ = map.location(of: error.offset) }
    for case .string(let value) in table.values.values {
      let (shown, _) = value.prefixForDisplay(DialogMetrics.longestMessage)
      _ = MarkdownText(parsing: shown).lines(width: SheetMetrics.messageWidth)
      _ = MarkdownText.firstMarkup(in: shown)
      _ = MarkdownText.firstUnderline(in: shown)
    }
  }
  // The oracle is the differential tests' (Tests/StringsFilesTests/FoundationOracle.swift, built in with this).
  if !bytes.starts(with: Array("bplist".utf8)) {
    let (ours, theirs) = (ourValues(bytes), foundationValues(bytes))
    if ours != theirs {
      FileHandle.standardError.write(
        Data("disagreement: ours \(String(describing: ours)) Foundation \(String(describing: theirs))\n".utf8))
      abort()
    }
  }
  return 0
}
