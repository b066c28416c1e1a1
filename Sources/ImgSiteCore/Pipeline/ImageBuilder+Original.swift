import Foundation

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
    func original(_ job: ImageJob, format: OutputFormat?, imageKey: String, record: ImageRecord) throws(BuildError) -> Original? {
        guard format != nil else { return nil }
        let key = CacheKey.original(image: imageKey)
        if let cached = try buildDatabase(.read, at: store.root, { try store.variants([key]) })[key], objects.exists(cached.object) {
            return Original(variant: variant(job, cached), key: key, object: cached.object)
        }
        let path = job.source.relativePath
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: job.source.absolutePath)))
        } catch {
            throw BuildError(path: path, "cannot be read: \(error.localizedDescription)")
        }
        let credit = (record.metadata.artist, record.metadata.copyright)
        guard let (format, cleaned) = OriginalDownload.cleaned(bytes, policy: settings.metadata, credit: credit) else { return nil }
        let data = Data(cleaned)
        let cached = CachedVariant(
            object: "\(key).\(format.fileExtension)", nameHash: ContentHash.short(data), format: format,
            width: record.width, height: record.height, bytes: data.count)
        do {
            try objects.put([(data, cached.object)])
        } catch {
            throw BuildError(path: path, "cannot be stored in the cache \(objects.folder.path): \(error.localizedDescription)")
        }
        return Original(variant: variant(job, cached), key: key, object: cached.object, new: cached)
    }

    private func variant(_ job: ImageJob, _ cached: CachedVariant) -> Variant {
        Variant(
            path: "\(job.outputFolder)/\(job.slug)-original.\(cached.nameHash).\(cached.format.fileExtension)", format: cached.format,
            width: cached.width, height: cached.height, bytes: cached.bytes, role: .original)
    }
}
