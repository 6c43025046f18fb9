/// A property-list value as a strings file can hold it: usually a string, but the old-style format also
/// allows arrays, dictionaries and data.
public indirect enum PlistValue: Hashable, Sendable {
  case string(String)
  case array([PlistValue])
  case dictionary([String: PlistValue])
  case data([UInt8])

  /// The string, when this is one.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// What kind of value this is, in words for messages.
  public var kindName: String { PlistObject(self).kindName }
}
