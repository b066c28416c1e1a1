import ImgSiteMedia
import ImgSitePlanning

extension ImageJob {
    /// The summary the journal recorded when this source was last finished
    /// here, when the file and the settings are unchanged and every variant
    /// is still in place: then the source is not even opened.
    func fresh(_ entry: JournalEntry?, settings: ImageSettings, listing: inout OutputListing) -> ImageSummary? {
        guard let entry, entry.identity == source.identity, entry.plan == journalPlan(settings), !entry.fileLines.isEmpty else { return nil }
        // A private album's files are stored under other names (`SiteWriter.stored`).
        if sealedBy != nil { return entry.files.allSatisfy { listing.contains(String($0)) } ? entry.summary : nil }
        let names = listing.names(in: outputFolder)
        let prefix = Array("\(outputFolder)/\(slug)-".utf8)
        let folder = outputFolder.utf8.count + 1
        // On the lines' contiguous UTF-8 bytes, with one String per file
        // only as the lookup key: this runs for every file of every photo
        // of a no-op build, where walking a String's UTF8View by index took
        // a fifth of the run.
        var lines = entry.fileLines
        let present = lines.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                let file = UnsafeBufferPointer(rebasing: bytes[start..<end])
                guard file.starts(with: prefix),
                    names.contains(String(decoding: UnsafeBufferPointer(rebasing: file[folder...]), as: UTF8.self))
                else { return false }
                start = end + 1
            }
            return true
        }
        guard present else { return nil }
        return entry.summary
    }
}
