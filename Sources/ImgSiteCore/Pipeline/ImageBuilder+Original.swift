import Foundation
import ImgSiteMedia
import ImgSitePlanning

extension ImageBuilder {
    /// The source offered for download (`downloads: original`, `OriginalDownload`).
    struct Original {
        var variant: Variant
        var key: String
        var object: String
        /// Stored in the cache now (else found there).
        var new: CachedVariant?
    }

    /// The image's original from the cache, or cut from its source now, in
    /// `format` (its `Publication`'s); nil when it is not published or its
    /// structure cannot be followed (its page then offers its largest JPEG).
    /// `clip`: a clip's container, as its files were made from.
    func original(_ job: ImageJob, format: FileFormat?, imageKey: String, record: ImageRecord, clip: ClipInfo?) throws(BuildError) -> Original? {
        guard format != nil else { return nil }
        // A gain-map JPEG's own file keeps its gain map where its HDR rendition is published.
        let keepsGainMap = record.dynamicRange == .gainMapJPEG && settings.publishesHDR(record.dynamicRange)
        let key = CacheKey.original(image: imageKey, container: job.source.clip != nil ? Self.clipExtension(job) : nil, gainMap: keepsGainMap)
        if let cached = try buildDatabase(.read, at: store.root, { try store.variants([key]) })[key], objects.exists(cached.object) {
            return Original(variant: variant(job, cached), key: key, object: cached.object)
        }
        if let clip { return try clipOriginal(job, key: key, info: clip) }
        let path = job.source.relativePath
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: job.source.absolutePath)))
        } catch {
            throw BuildError(path: path, "cannot be read: \(error.localizedDescription)")
        }
        let credit = (record.metadata.artist, record.metadata.copyright)
        let withGainMap = keepsGainMap ? OriginalDownload.cleaned(gainMapJPEG: bytes, path: job.source.absolutePath, policy: settings.metadata, credit: credit) : nil
        guard let (format, cleaned) = withGainMap ?? OriginalDownload.cleaned(bytes, policy: settings.metadata, credit: credit) else { return nil }
        let data = Data(cleaned)
        let cached = CachedVariant(
            object: "\(key).\(format.fileExtension)", nameHash: ContentHash.short(data), format: .image(format),
            width: record.width, height: record.height, bytes: data.count)
        do {
            try objects.put([(data, cached.object)])
        } catch {
            throw BuildError(path: path, "cannot be stored in the cache \(objects.folder.path): \(error.localizedDescription)")
        }
        return Original(variant: variant(job, cached), key: key, object: cached.object, new: cached)
    }

    /// A clip's own file rewritten without its metadata (`ClipRemux`),
    /// written under the cache's work folder and stored whole; nil when its
    /// streams do not fit back into its container (its page then offers its
    /// largest MP4).
    private func clipOriginal(_ job: ImageJob, key: String, info: ClipInfo) throws(BuildError) -> Original? {
        let path = job.source.relativePath
        let name = "\(key).\(Self.clipExtension(job))"
        let target = workFile(ending: name)
        try ClipPoster.createFolder(clipWork, displayPath: path)
        guard (try? ClipRemux.remux(job.source.absolutePath, to: target.path, displayPath: path)) != nil else { return nil }
        let cached: CachedVariant
        do {
            let bytes = try FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int ?? 0
            try objects.adopt(target, as: name)
            cached = CachedVariant(object: name, nameHash: String(key.prefix(8)), format: .clip, width: info.width, height: info.height, bytes: bytes)
        } catch {
            try? FileManager.default.removeItem(at: target)
            throw BuildError(path: path, "cannot be stored in the cache \(objects.folder.path): \(error.localizedDescription)")
        }
        return Original(variant: variant(job, cached), key: key, object: cached.object, new: cached)
    }

    /// A clip's own file keeps its container, so its extension.
    private static func clipExtension(_ job: ImageJob) -> String {
        (job.source.relativePath as NSString).pathExtension.lowercased()
    }

    private func variant(_ job: ImageJob, _ cached: CachedVariant) -> Variant {
        let fileExtension = cached.format == .clip ? Self.clipExtension(job) : cached.format.fileExtension
        return Variant(
            path: "\(job.outputFolder)/\(job.slug)-original.\(cached.nameHash).\(fileExtension)", format: cached.format,
            width: cached.width, height: cached.height, bytes: cached.bytes, role: .original)
    }
}
