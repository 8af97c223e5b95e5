public import DoableAPI
import DoableCore
public import DoableDomain

extension RewardDTO {
    public init(_ reaction: GameReaction) {
        self.init(
            points: reaction.reward.points, xp: reaction.reward.xp, message: reaction.reward.message,
            parts: reaction.reward.parts, onTime: reaction.reward.onTime, late: reaction.reward.isLate,
            totalPoints: reaction.totalPoints, level: reaction.level, leveledUp: reaction.leveledUp,
            badges: reaction.badges,
            companion: Reaction(name: reaction.companionName, mood: reaction.mood, says: reaction.line))
    }
}
