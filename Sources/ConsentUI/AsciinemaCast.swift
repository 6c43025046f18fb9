import TextSupport

/// The asciinema v2 format: a JSON header line, then one `[time, "o", data]` line per output event.
public enum AsciinemaCast {
  /// The header: version 2, the terminal's size, a title.
  public static func header(width: Int, height: Int, title: String) -> String {
    var object = JSONText()
    object.add("version", 2)
    object.add("width", width)
    object.add("height", height)
    object.add("title", title)
    var environment = JSONText()
    environment.add("TERM", "xterm-256color")
    object.add("env", environment)
    return object.json
  }

  /// An output event `milliseconds` after the start, writing `data` to the terminal.
  public static func event(milliseconds: Int, data: String) -> String {
    let time = "\(milliseconds / 1000).\(String(milliseconds % 1000 + 1000).dropFirst())"
    return "[\(time), \"o\", \(JSONText.quoted(data))]"
  }

  /// A cast's events made one frame at a time, `pace` milliseconds apart from 0: each the escape sequences
  /// that draw its frame over the one before, the only frame it keeps (a cast of any length streams).
  public struct Events {
    private let pace: Int
    private var previous: ScreenBuffer?
    private var milliseconds = 0

    /// Events `pace` milliseconds apart.
    public init(paceMilliseconds pace: Int) { self.pace = pace }

    /// The event drawing `frame`, the next screen.
    public mutating func next(_ frame: ScreenBuffer) -> String {
      defer {
        previous = frame
        milliseconds += pace
      }
      return event(milliseconds: milliseconds, data: FrameExport.ansi(frame, from: previous))
    }
  }
}
