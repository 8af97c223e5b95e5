/// Colour for terminal output, on only where a person reads it.
///
/// The rules (https://no-color.org): colour goes to a terminal only, never when `NO_COLOR` is set to any value
/// (even empty), and never with `--no-color`. Everything else (pipes, files, scripts) gets plain text, so the
/// same command is safe to `grep`.
public struct Style: Sendable, Equatable {
    public var isEnabled: Bool

    public init(isEnabled: Bool) { self.isEnabled = isEnabled }

    /// The style the rules pick for one output stream.
    public static func resolve(noColorFlag: Bool, environment: [String: String], isTerminal: Bool) -> Style {
        Style(isEnabled: isTerminal && !noColorFlag && environment["NO_COLOR"] == nil)
    }

    public static let plain = Style(isEnabled: false)

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func blue(_ text: String) -> String { wrap(text, "34") }
    public func magenta(_ text: String) -> String { wrap(text, "35") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    /// `text` in one SGR code, reset after it; empty text stays empty so columns do not gain invisible bytes.
    private func wrap(_ text: String, _ code: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
