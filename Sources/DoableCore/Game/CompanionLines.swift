/// GAME-2: what the companion says. The line lists are plain sentences (the caller shows the companion's name next
/// to them); `greeting`, `reminder` and `streakWarning` put the name in themselves.
public enum CompanionLines {
    /// Said on completing a task on time (at least 24, all different).
    public static let encouragements: [String] = [
        "Well done!",
        "One less thing on your mind.",
        "That's the way!",
        "Look at you go!",
        "Nicely done. I'm proud of you.",
        "Another one off the list!",
        "You made that look easy.",
        "Done and dusted.",
        "That deserves a little dance.",
        "Step by step, you're getting there.",
        "High five!",
        "You're on a roll.",
        "Great work. Take a breath, you earned it.",
        "I knew you could do it.",
        "Checked off, just like that.",
        "That's progress you can see.",
        "Small steps make big days.",
        "Your list is getting lighter.",
        "Good choice, doing that now.",
        "Ta-da! Finished.",
        "You keep your promises to yourself. I like that.",
        "Future you says thank you.",
        "That one's behind you now.",
        "Wonderful. What's next?",
        "Steady and strong, that's you.",
        "Every done task makes me smile.",
        "Right on time. Lovely.",
        "You're doing great today.",
    ]

    /// Said on completing a task after its deadline: kind, never scolding.
    public static let lateLines: [String] = [
        "Done is done. Next one on time?",
        "Better late than never, and it's finished now.",
        "It's off your plate. That's what counts.",
        "Finished is finished. Well done for getting to it.",
        "Some days are busy. You still came back to it.",
        "That one took a while, and you did it anyway.",
        "No harm done. Let's keep going together.",
        "Good to see it done. The next one is a fresh start.",
        "You didn't give up on it. I like that.",
    ]

    /// Said when petted.
    public static let pettedLines: [String] = [
        "Purr…",
        "That's nice. Again?",
        "*happy wiggle*",
        "Hehe, that tickles!",
        "I like spending the day with you.",
        "*leans into your hand*",
        "You're my favourite person.",
        "*snuggles up close*",
        "Thank you, I needed that.",
    ]

    /// The index of the line to say from `lines`, picked by `seed`, never `last` (unless there is only one).
    public static func pick(_ lines: [String], seed: UInt64, avoiding last: Int?) -> Int {
        guard lines.count > 1 else { return 0 }
        var index = Int(seed % UInt64(lines.count))
        if index == last { index = (index + 1) % lines.count }
        return index
    }

    /// The part of the day an hour (0–23) falls in: morning 5–11, afternoon 12–16, evening 17–21, night 22–4.
    public enum DayPart: String, Sendable, CaseIterable {
        case morning, afternoon, evening, night

        public init(hour: Int) {
            switch ((hour % 24) + 24) % 24 {
            case 5...11: self = .morning
            case 12...16: self = .afternoon
            case 17...21: self = .evening
            default: self = .night
            }
        }
    }

    /// The greeting on the Today page, by the hour of day, the mood and the streak.
    public static func greeting(name: String, mood: Mood, hour: Int, streak: Int) -> String {
        let opening =
            switch DayPart(hour: hour) {
            case .morning: "Good morning!"
            case .afternoon: "Good afternoon!"
            case .evening: "Good evening!"
            case .night: "Hello, night owl!"
            }
        let feeling =
            switch (DayPart(hour: hour), mood) {
            case (.morning, .happy): "\(name) is bouncing with energy and ready for the day."
            case (.morning, .neutral): "\(name) is awake and ready when you are."
            case (.morning, .sad): "\(name) is a little low. One small task would cheer it up."
            case (.afternoon, .happy): "\(name) is having a wonderful day with you."
            case (.afternoon, .neutral): "\(name) is here, keeping you company."
            case (.afternoon, .sad): "\(name) missed you. How about one quick task together?"
            case (.evening, .happy): "\(name) is glowing after such a good day."
            case (.evening, .neutral): "\(name) is settling in for the evening."
            case (.evening, .sad): "\(name) is hoping for one more win before bed."
            case (.night, .happy): "\(name) is sleepy but very content."
            case (.night, .neutral): "\(name) is yawning. Don't stay up too late."
            case (.night, .sad): "\(name) is curled up, hoping tomorrow goes better. It will."
            }
        let days = streak > 1 ? " That's \(streak) days in a row, keep it going!" : ""
        return "\(opening) \(feeling)\(days)"
    }

    /// A reminder in the companion's words, when the game is on. The phrasing depends on the task's title (always the
    /// same one for the same title, on every server and run).
    public static func reminder(name: String, task: String) -> String {
        let phrasings: [String] = [
            "\(name) here: “\(task)” is waiting for you.",
            "\(name) gives you a gentle nudge: time for “\(task)”.",
            "\(name) remembered “\(task)”. Shall we do it together?",
            "\(name) says: “\(task)” is up. You've got this!",
            "\(name) is sitting next to “\(task)”, waiting for you to start.",
        ]
        return phrasings[Int(stableHash(task) % UInt64(phrasings.count))]
    }

    /// The evening warning that today's streak is about to break.
    public static func streakWarning(name: String, streak: Int) -> String {
        "\(name): your \(streak)-day streak ends at midnight unless today's tasks are done."
    }

    /// FNV-1a over the UTF-8 bytes: the same in every process (`Hasher` is seeded per run).
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
