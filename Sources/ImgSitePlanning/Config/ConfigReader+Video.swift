import ImgSiteMedia
import Yams

extension ConfigReader {
    /// `video:` — `false` leaves clips out; a mapping of `max_height`,
    /// `codecs`, `audio`, `quality`, `poster` and `memory`.
    package func video(_ node: Node, defaults: VideoSettings) throws(ConfigError) -> VideoSettings {
        var settings = defaults
        if let on = node.bool {
            settings.enabled = on
            return settings
        }
        let map = try mapping(node, key: "video")
        try rejectUnknown(map, allowed: ["max_height", "codecs", "audio", "quality", "poster", "memory"], parent: "video")
        if let value = map["max_height"] { settings.maxHeight = try int(value, key: "video.max_height", in: 144...4320) }
        if let value = map["audio"] { settings.audio = try choice(value, key: "video.audio") }
        if let value = map["quality"] { settings.quality = try choice(value, key: "video.quality") }
        if let value = map["codecs"] { settings.codecs = try choiceList(value, key: "video.codecs", of: [.av1, .h264]) }
        if let value = map["memory"] {
            settings.memory = try bytes(value, key: "video.memory")
            guard settings.memory >= 100_000_000 else {
                throw fail("video.memory", value, "must be at least 100 MB, not \(settings.memory / 1_000_000) MB: a clip's decoder alone holds that")
            }
        }
        if let value = map["poster"] {
            if value.scalar?.string == "auto" {
                settings.posterAt = nil
            } else {
                settings.posterAt = try number(value, key: "video.poster", in: 0...86_400)
            }
        }
        return settings
    }
}
