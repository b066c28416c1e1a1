import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// `VideoSettings.key` is its `Shape` hashed whole (#67 ask 4): every
/// setting that shapes a clip's files, changed alone, changes the key; the
/// ones that do not are listed with why; a field added to `VideoSettings`
/// in neither list fails here rather than serving a clip made under other
/// settings.
@Suite struct VideoSettingsKeyTests {
    /// One change to each field that shapes a clip's files.
    static let changes: [String: @Sendable (inout VideoSettings) -> Void] = [
        "maxHeight": { $0.maxHeight = 720 },
        "codecs": { $0.codecs = [.h264] },
        "audio": { $0.audio = .drop },
        "quality": { $0.quality = .low },
        "posterAt": { $0.posterAt = 2.5 },
    ]

    /// The fields that do not, and why.
    static let shapeless: [String: @Sendable (inout VideoSettings) -> Void] = [
        "enabled": { $0.enabled = false },  // no files at all
        "livePhotos": { $0.livePhotos = .motion },  // the motion is its still's own entry (LiveMotion.journalTag)
        "memory": { $0.memory *= 2 },  // passes make the same bytes
    ]

    @Test("each setting that shapes a clip's files changes the key; the others leave it")
    func everyFieldCounts() {
        let standard = VideoSettings()
        for (field, change) in Self.changes {
            var changed = standard
            change(&changed)
            #expect(changed.key != standard.key, "\(field) changed, the key did not")
        }
        for (field, change) in Self.shapeless {
            var changed = standard
            change(&changed)
            #expect(changed.key == standard.key, "\(field) is not meant to change the key")
        }
    }

    @Test("every field of VideoSettings is in one list: a new one must say whether it shapes the files")
    func noFieldLeftOut() {
        let fields = Set(Mirror(reflecting: VideoSettings()).children.compactMap(\.label))
        #expect(fields == Set(Self.changes.keys).union(Self.shapeless.keys), "unlisted: \(fields.subtracting(Self.changes.keys).subtracting(Self.shapeless.keys))")
        #expect(Set(Mirror(reflecting: VideoSettings.Shape(VideoSettings())).children.compactMap(\.label)) == Set(Self.changes.keys),
                "the shape holds exactly the fields that change the key")
    }

    @Test("the key names its kind and is stable for equal settings")
    func stable() {
        #expect(VideoSettings().key == VideoSettings().key && VideoSettings().key.hasPrefix("video|"))
    }
}
