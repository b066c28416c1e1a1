extension SiteConfig {
    /// Checks what the YAML reader checks, for configs built in code too, so
    /// no caller can hand the pipeline a value it would trip over.
    public func validate(file: String = "config") throws(ConfigError) {
        func fail(_ key: String, _ reason: String) -> ConfigError {
            ConfigError(file: file, key: key, line: nil, reason: reason)
        }
        if case .fixed(let list) = widths {
            guard !list.isEmpty else { throw fail("widths", "must be 'auto' or a non-empty list of pixel widths") }
            if let bad = list.first(where: { !(16...65_535).contains($0) }) {
                throw fail("widths", "must hold widths between 16 and 65535, not \(bad)")
            }
        }
        for (key, step) in [("width_step", widthStep), ("wide_width_step", wideWidthStep ?? widthStep)]
        where !WidthPlanner.steps.contains(step) {
            throw fail(key, "must be between \(WidthPlanner.steps.lowerBound) and \(WidthPlanner.steps.upperBound), not \(step)")
        }
        guard (16...65_535).contains(maxWidth) else { throw fail("max_width", "must be between 16 and 65535, not \(maxWidth)") }
        guard formats.contains(.jpeg) else { throw fail("formats", "must include jpeg: it is the fallback every browser can show") }
        if formats.contains(.gif) { throw fail("formats", OutputFormat.gifIsAnimatedOnly) }
        guard !animated.outputs.isEmpty, animated.outputs.allSatisfy(AnimationSettings.outputChoices.contains) else {
            throw fail("animated.outputs", "must list webp, gif or both")
        }
        guard (AnimationSettings.smallestBudget...Int(UInt32.max)).contains(animated.memoryBudget) else {
            throw fail("animated.memory_budget", "must be between 64 KB and 4 GB, not \(animated.memoryBudget) bytes")
        }
        guard animated.minIntegrity > 0, animated.minIntegrity <= 1 else {
            throw fail("animated.min_integrity", "must be more than 0 and at most 1, not \(animated.minIntegrity)")
        }
        if let denseFormat, !OutputFormat.denseFormats.contains(denseFormat) {
            throw fail("dense_format", "must be \(OutputFormat.denseFormats.map(\.rawValue).joined(separator: ", ")) or none, not \(denseFormat.rawValue)")
        }
        if albumZip, downloads == .none {
            throw fail("album_zip", "zips each album's downloads: set downloads: largest or downloads: original with it")
        }
        guard pixelLimit >= 1 else { throw fail("pixel_limit", "must be at least 1, not \(pixelLimit)") }
        for (key, quality) in [("jpeg", jpeg.quality), ("webp", webp.quality), ("avif", avif.quality), ("jxl", jxl.quality)]
        where !(1...100).contains(quality) {
            throw fail("\(key).quality", "must be between 1 and 100, not \(quality)")
        }
    }
}
