/// What a clip's page and card say of it beyond its files: its length, its
/// frame rate (the `<source type>` codec strings' levels) and whether its
/// files carry sound.
public struct ClipStats: Codable, Sendable, Equatable {
    public var seconds: Double
    public var frameRate: Double
    public var sound: Bool

    package init(seconds: Double, frameRate: Double, sound: Bool) {
        (self.seconds, self.frameRate, self.sound) = (seconds, frameRate, sound)
    }

    /// "0:07", "1:02:03": the length as a player shows it.
    public var duration: String {
        let total = max(1, Int(seconds.rounded()))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
