/// A device as a person would name it ("Chrome on Android", "Safari on iPhone"), read from a browser's User-Agent:
/// the browser first, then the system. Unknown parts are left out; an unknown whole is "A browser".
public enum DeviceName {
    public static func from(userAgent: String?) -> String {
        let agent = userAgent ?? ""
        let browser: String? =
            if agent.contains("Firefox/") { "Firefox" } else if agent.contains("Edg/") || agent.contains("EdgA/") {
                "Edge"
            } else if agent.contains("SamsungBrowser/") { "Samsung Internet" } else if agent.contains("OPR/") {
                "Opera"
            } else if agent.contains("Chrome/") || agent.contains("CriOS/") || agent.contains("Chromium/") {
                "Chrome"
            } else if agent.contains("Safari/") { "Safari" } else { nil }
        let system: String? =
            if agent.contains("Android") { "Android" } else if agent.contains("iPhone") { "iPhone" } else if agent.contains("iPad") {
                "iPad"
            } else if agent.contains("CrOS") { "ChromeOS" } else if agent.contains("Mac OS X") || agent.contains("Macintosh") {
                "macOS"
            } else if agent.contains("Windows") { "Windows" } else if agent.contains("Linux") { "Linux" } else { nil }
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return "A browser on \(system)"
        case (nil, nil): return program(agent) ?? "A browser"
        }
    }

    /// ACC-11: a client that is not a browser, by its first product token: Doable's own client library and CLI,
    /// a CalDAV app ("DAVx5", "Thunderbird"), a script ("curl", "python-httpx").
    static func program(_ agent: String) -> String? {
        if agent.hasPrefix("DoableClient") { return "doable CLI" }
        guard let token = agent.split(separator: " ").first?.split(separator: "/").first, !token.isEmpty else {
            return nil
        }
        let name = token.prefix(40).filter { $0.isLetter || $0.isNumber || "-_.".contains($0) }
        return name.isEmpty ? nil : String(name)
    }
}
