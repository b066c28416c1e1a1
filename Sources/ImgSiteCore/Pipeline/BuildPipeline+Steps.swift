import Foundation
import ImgSiteMedia
import ImgSitePlanning

extension BuildPipeline {
    /// Reads the templates and the words: the built-in theme with the site's own over it.
    func loadTemplates(_ summary: inout BuildSummary) throws(BuildError) -> Theme {
        let (library, digest, warnings) = try DefaultTheme.load(overrides: options.templatesFolder)
        let (words, said) = try Words.load(language: options.config.language, templates: options.templatesFolder)
        for warning in warnings + said { warnAboutSite(&summary, path: warning.path, warning.reason) }
        return Theme(library: library, digest: SourceHash.of(texts: [digest, words.digest]), words: words)
    }

    /// A warning about the site rather than one image (a template, a budget,
    /// a setting): its own line and count, apart from the images'.
    func warnAboutSite(_ summary: inout BuildSummary, path: String, _ reason: String) {
        observe(.siteWarning(path: path, reason: reason))
        summary.siteWarnings.append("\(path): \(reason)")
    }

    /// A fallback this machine needs (`BuildEvent.note`): said, counted nowhere.
    func note(_ summary: inout BuildSummary, _ text: String) {
        observe(.note(text))
        summary.notes.append(text)
    }

    /// Walks the input (the output, cache and template folders are not
    /// albums) while the build database is read on another thread: what was
    /// finished here before (unless `--force`), the files written and the
    /// page digests.
    func scan(_ writer: SiteWriter, previousBuildFinished: Bool, _ summary: inout BuildSummary) throws(BuildError) -> Scanned {
        let (store, force, unseal) = (writer.store, options.force, options.unseal)
        let recorded = Background { () throws -> ([String: JournalEntry], Bool, [String: String], [(source: String, identity: FileIdentity)]) in
            (force ? [:] : try store.journal(), try store.hasWrittenFiles(), try store.pageDigests(), unseal ? [] : try store.sealedSources())
        }
        let raw: RawHandling = options.config.raw == .skip ? .skip : .preview(previews: CacheFolder(options.cacheFolder).rawPreviews)
        let video = videoHandling(options.config.video)
        let scanner = Scanner(input: options.input, excluded: [options.output, options.cacheFolder, options.templatesFolder],
                              rules: options.config.excludeRules, raw: raw, video: video)
        let album: Album
        do {
            album = try scanner.scan(title: options.config.title).configured(by: options.config.albums)
        } catch {
            throw BuildError(path: options.input.path, "cannot be read: \(error.localizedDescription)")
        }
        // Private albums' keys first: their addresses are part of the plan.
        var writer = writer
        // Marked in imgsite.yml or in the album's own album.yml, which follows the folder through a rename.
        var (albums, markedBy) = (options.config.albums, [String: String]())
        for (path, privacy, file) in album.markedPrivate {
            albums[path, default: AlbumSettings()].privacy = privacy
            markedBy[path] = file
        }
        try writer.lockPrivateAlbums(
            albums, site: options.config.baseURL ?? options.config.title, environment: options.environment,
            configFile: options.configFile?.lastPathComponent ?? "imgsite.yml", markedBy: markedBy)
        writer.scratch = CacheFolder(options.cacheFolder).privateWork
        let root = PlannedAlbum.plan(album, outputPath: "", addresses: &writer)
        for problem in root.fileProblems { warnAboutSite(&summary, path: problem.path, problem.reason) }
        for problem in album.heldBack {
            let error = BuildError(path: problem.location, "\(problem.reason); the album is not published until this file can be read")
            observe(.failed(error))
            summary.failed.append(error)
        }
        sayWhatIsSkipped(album, into: &summary)
        // RAW files this machine cannot read: one line saying how to get libraw.
        let unread = album.allSkipped.filter { $0.kind == .raw && $0.note != nil && $0.note == raw.skipReason }
        if case .preview = raw, let first = unread.first {
            warnAboutSite(&summary, path: first.relativePath, "\(unread.count) RAW file\(unread.count == 1 ? "" : "s") skipped: \(RawPreview.unavailable ?? "")")
        }
        // Clips this machine cannot read: one line saying how to get FFmpeg.
        let unplayed = album.allSkipped.filter { $0.kind == .video && $0.note != nil && $0.note == video.skipReason }
        if case .publish = video, let first = unplayed.first {
            warnAboutSite(&summary, path: first.relativePath, "\(unplayed.count) video clip\(unplayed.count == 1 ? "" : "s") skipped: \(ClipProbe.unavailable ?? "")")
        }
        let (journal, wroteHereBefore, pageDigests, sealedBefore) = try buildDatabase(.read, at: options.cacheFolder.path) { try recorded.value() }
        try UnsealCheck.refuse(root.allJobs, sealedBefore: sealedBefore)
        // base_url is kept with its trailing "/" (ConfigReader.baseURL), as the pages join it.
        summary.privateAlbums = writer.privateAlbums(baseURL: options.config.baseURL)
        return Scanned(
            writer: writer, root: root, allJobs: root.allJobs,
            recorded: Recorded(journal: JournalHold(journal), wroteHereBefore: wroteHereBefore, pageDigests: pageDigests,
                               previousBuildFinished: previousBuildFinished))
    }

    /// How clips are taken under `settings` (`video: false`: skipped).
    func videoHandling(_ settings: VideoSettings) -> VideoHandling {
        settings.enabled ? .publish(posters: CacheFolder(options.cacheFolder).clipPosters, settings: settings) : .skip
    }

    /// Names each file the scan did not take (under `--verbose`), counts
    /// them for the summary line, and warns of each folder that held files
    /// but shows nothing: a folder of RAW files must not vanish silently.
    private func sayWhatIsSkipped(_ album: Album, into summary: inout BuildSummary) {
        let skipped = album.allSkipped
        guard !skipped.isEmpty else { return }
        summary.skipped = skipped
        for file in skipped { observe(.skipped(path: file.relativePath, reason: file.reason)) }
        var albums: Set<String> = []
        func collect(_ album: Album) {
            albums.insert(album.path)
            album.albums.forEach(collect)
        }
        collect(album)
        // Each skipped file's highest folder that is not an album: the one to name.
        let empty = Dictionary(grouping: skipped.filter { !albums.contains($0.folder) }) { file in
            var folder = file.folder
            while let slash = folder.lastIndex(of: "/"), !albums.contains(String(folder[..<slash])) { folder = String(folder[..<slash]) }
            return folder
        }
        for (folder, files) in empty.sorted(by: { $0.key < $1.key }) {
            let raw = files.allSatisfy { $0.kind == .raw } ? "; \(files[0].reason)" : ""
            warnAboutSite(&summary, path: folder, "no photos to show, only skipped files (\(SkippedFile.byKind(files)))\(raw)")
        }
    }

    /// Decides the images to make (a shard's, under `--shard`) and removes
    /// temporary files a killed build left (only a build that did not run
    /// to its end can have left any, so a finished one saves the walk).
    func plan(_ scanned: Scanned, _ choice: SettingsChoice, _ summary: inout BuildSummary) throws(BuildError) -> Planned {
        var jobs = scanned.allJobs
        warnAboutUnknownAlbums(jobs, &summary)
        if case .shard(let shard) = options.mode { jobs = try select(jobs, shard: shard) }
        var headers = choice.headers
        // Planning read the clips' headers under the site's video settings
        // (their poster's size): where a budget moved them, read them again.
        for job in jobs where job.source.clip != nil && choice.settings(job.source.relativePath).video != options.config.video {
            headers[job.source.relativePath] = nil
        }
        if !scanned.recorded.previousBuildFinished {
            OutputFolder(root: options.output).removeStrayTemporaries()
            // Transcodes a killed build left part-way: their clips are made again.
            try? FileManager.default.removeItem(at: CacheFolder(options.cacheFolder).clipWork)
        }
        return Planned(scanned: scanned, jobs: jobs, settings: choice.settings, budget: choice.budget, headers: KnownHeaders(headers))
    }

    /// An `albums:` entry that names no album folder is most likely a typo:
    /// its settings would silently apply to nothing.
    private func warnAboutUnknownAlbums(_ jobs: [ImageJob], _ summary: inout BuildSummary) {
        guard !options.config.albums.isEmpty else { return }
        let folders = Set(jobs.map { ($0.source.relativePath as NSString).deletingLastPathComponent })
        let albums = folders.reduce(into: Set<String>()) { all, folder in
            var path = Substring(folder)
            while !path.isEmpty {
                all.insert(String(path))
                path = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            }
        }
        let file = options.configFile?.lastPathComponent ?? "imgsite.yml"
        let input = options.input.path
        // An album kept out by `exclude` has no photos in the site, but it is there.
        let excludedHere = { (name: String) in
            options.config.albums[name]!.exclude.contains(name) && FileManager.default.fileExists(atPath: input + "/" + name)
        }
        for name in options.config.albums.keys.sorted() where !albums.contains(name) && !excludedHere(name) {
            let reason = "albums.\(name) names no album with photos in the input; its settings apply to nothing"
            warnAboutSite(&summary, path: file, reason)
        }
    }

    /// Removes what earlier builds wrote and this one did not (deleted or
    /// renamed photos, old content hashes). What was written is known from the
    /// build database and the previous manifest; when both are lost, from
    /// imgsite's own file names. Files imgsite never wrote stay. When nothing
    /// changed since a build that ran to its end, there is nothing to remove.
    func prune(_ built: Built, pages: [String], _ summary: inout BuildSummary) throws(BuildError) {
        let (scanned, recorded) = (built.scanned, built.scanned.recorded)
        let library = Set(scanned.allJobs.map(\.source.relativePath))
        let gone = recorded.journal.sources.filter { !library.contains($0) || built.summaries[$0] == nil }
        guard built.outputsChanged || !gone.isEmpty || !summary.failed.isEmpty || !recorded.previousBuildFinished else { return }
        let folder = OutputFolder(root: options.output)
        let (store, cache, kept) = (scanned.store, options.cacheFolder.path, Set(built.summaries.keys))
        let manifest = options.mode.writesPages ? Manifest.fileName : ShardManifest.fileName
        let (current, written) = try buildDatabase(.updated, at: cache) {
            try store.forget(sources: Array(gone))
            return (Set(pages.map(scanned.writer.stored)).union(try store.variantFiles(of: kept)).union([manifest]), try store.writtenFiles())
        }
        var known = written
        if !recorded.wroteHereBefore {
            let listed = Manifest.listedFiles(in: options.output)
            known.formUnion(listed ?? [])
            if listed == nil, FileManager.default.fileExists(atPath: options.output.appending(path: Manifest.fileName).path) {
                warnAboutSite(&summary, path: Manifest.fileName,
                    "unreadable, and the build database has no record of this folder; "
                        + "removed the files named like imgsite's that this build did not write")
                known.formUnion(folder.filesNamedLikeOurs())
            }
        }
        let stale = known.subtracting(current)
        summary.removed = folder.remove(stale)
        try buildDatabase(.updated, at: cache) {
            try store.recordRemoved(stale)
            try store.recordWriting(current.subtracting(written))
        }
    }

    /// Streams `manifest.json` from the build database, one image per line
    /// in site order (albums as planned, photos in natural name order);
    /// skipped when its inputs (every image's digest, the page list) are
    /// unchanged and the file is there.
    func saveManifest(_ rendered: Rendered) throws(BuildError) {
        let (summaries, scanned) = (rendered.built.summaries, rendered.built.scanned)
        // Nothing of a private album: its photos' records name them, and its address (unless listed) is known only by its link;
        // nothing of a hidden photo or album, which only its own page names.
        let sources = scanned.allJobs.filter { $0.sealedBy == nil }.map(\.source.relativePath)
            .filter { summaries[$0] != nil && !rendered.unlistedSources.contains($0) }
        let pages = rendered.pages.filter { rendered.isListed($0) && !scanned.writer.isPrivate($0) }
        let inputs = [ImgSiteVersion.current] + sources.lazy.flatMap { [$0, summaries[$0]!.digest] } + pages
        let digest = SourceHash.of(texts: inputs)
        let path = options.output.appending(path: Manifest.fileName).path
        if scanned.recorded.pageDigests[Manifest.fileName] == digest, FileManager.default.fileExists(atPath: path) { return }
        let store = scanned.store
        try buildDatabase(.written, at: options.cacheFolder.path) { try store.forgetPages([Manifest.fileName]) }
        _ = try scanned.writer.stream(Manifest.fileName) { handle in
            try Manifest.write(generator: "imgsite \(ImgSiteVersion.current)", pages: pages, to: handle) { line in
                try store.resultJSON(sources, each: line)
            }
        }
        try buildDatabase(.written, at: options.cacheFolder.path) { try store.recordPages([(Manifest.fileName, digest)]) }
    }
}
