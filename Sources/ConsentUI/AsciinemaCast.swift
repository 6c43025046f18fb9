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

  /// The casts's frames for a sequence of screens, `pace` milliseconds apart from 0: each the escape
  /// sequences that draw it over the one before.
  public static func events(_ frames: [ScreenBuffer], paceMilliseconds pace: Int) -> [String] {
    var previous: ScreenBuffer?
    return frames.enumerated().map { index, frame in
      defer { previous = frame }
      return event(milliseconds: index * pace, data: FrameExport.ansi(frame, from: previous))
    }
  }
}
