/// A property list's value as CoreFoundation reads it from XML, binary or old-style text: the types an
/// Info.plist, a privacy manifest or a strings file can hold.
public indirect enum PlistObject: Hashable, Sendable {
  case string(String)
  case integer(Int128)
  case real(Double)
  case boolean(Bool)
  /// Seconds since 2001-01-01 00:00:00 UTC, as CoreFoundation keeps dates.
  case date(Double)
  case data([UInt8])
  case array([PlistObject])
  /// Keys to values (the last of a repeated key wins, as in CoreFoundation).
  case dictionary([String: PlistObject])
  /// A keyed archiver's object reference (binary property lists only).
  case uid(UInt64)
  /// A binary property list's null marker.
  case null

  /// The dictionary, when this is one.
  public var dictionary: [String: PlistObject]? {
    if case .dictionary(let dictionary) = self { return dictionary }
    return nil
  }

  /// The string, when this is one.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// What kind of value this is, in words for messages.
  public var kindName: String {
    switch self {
    case .string: "a string"
    case .integer, .real: "a number"
    case .boolean: "a Boolean"
    case .date: "a date"
    case .data: "data"
    case .array: "an array"
    case .dictionary: "a dictionary"
    case .uid, .null: "not a string"
    }
  }

  /// How Foundation prints a value that is not text, array, dictionary or data (`31`, `1500.0`, `true`,
  /// `2024-01-02 03:04:05 +0000`): what a strings file holding one shows.
  var printed: String {
    switch self {
    case .string(let text): text
    case .integer(let value): "\(value)"
    case .real(let value): "\(value)"
    case .boolean(let flag): "\(flag)"
    case .date(let seconds): CalendarDate.printed(secondsSince2001: seconds)
    case .data(let bytes): "\(bytes.count) bytes"
    case .uid(let value): "<CFKeyedArchiverUID>{value = \(value)}"
    case .null: "<null>"
    case .array, .dictionary: kindName
    }
  }
}

extension PlistValue {
  /// The value a strings table keeps for a property-list object: text, arrays, dictionaries and data as
  /// they are, anything else as Foundation prints it.
  init(_ object: PlistObject) {
    switch object {
    case .string(let text): self = .string(text)
    case .array(let items): self = .array(items.map(PlistValue.init))
    case .dictionary(let members): self = .dictionary(members.mapValues(PlistValue.init))
    case .data(let bytes): self = .data(bytes)
    default: self = .string(object.printed)
    }
  }
}

/// Dates of the proleptic Gregorian calendar in UTC, as property lists write them.
enum CalendarDate {
  /// Days from 1970-01-01 to 2001-01-01, CoreFoundation's reference date.
  private static let referenceDays: Int64 = 11_323

  /// Seconds since 2001 of a date and time whose fields may overflow (month 13 is next January, day 31 of
  /// February runs into March), as CoreFoundation's reader lets them.
  static func secondsSince2001(
    year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
  ) -> Double {
    let months = year * 12 + (month - 1)
    let normalizedYear = months >= 0 ? months / 12 : (months - 11) / 12
    let normalizedMonth = months - normalizedYear * 12 + 1
    let days = daysFromCivil(year: normalizedYear, month: normalizedMonth, day: 1) + (day - 1)
    let seconds = (days - referenceDays) * 86_400 + hour * 3_600 + minute * 60 + second
    return Double(seconds)
  }

  /// `2024-01-02 03:04:05 +0000`, as Foundation prints a date.
  static func printed(secondsSince2001 seconds: Double) -> String {
    guard seconds.isFinite, abs(seconds) < 1e15 else { return "<description unavailable>" }
    let total = Int64(seconds.rounded(.down))
    let dayCount = (total >= 0 ? total / 86_400 : (total - 86_399) / 86_400)
    let within = total - dayCount * 86_400
    let (year, month, day) = civil(fromDays: dayCount + referenceDays)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText =
      year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - "\(year)".count) + "\(year)" : "\(year)"
    return
      "\(yearText)-\(two(month))-\(two(day)) \(two(within / 3_600)):\(two(within / 60 % 60)):\(two(within % 60)) +0000"
  }

  /// Days since 1970-01-01 of a civil date (month 1…12).
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a count of days since 1970-01-01.
  private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
