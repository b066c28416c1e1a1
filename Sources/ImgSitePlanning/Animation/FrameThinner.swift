/// Fits an animation into a memory budget of decoded RGBA (width × height ×
/// 4 × frames), as players such as SwiftyGif and AnimatedImage do at play
/// time, once, at build time:
///
/// 1. all frames, if they fit and none is shorter than 20 ms;
/// 2. else the highest playback rate on the display-refresh ladder (60, 30,
///    20, 15, 12, 10, 6, 5, 4, 3, 2, 1 fps) whose frames fit, keeping at least
///    `minIntegrity` of the source's frames;
/// 3. if that still does not fit, the frames of that lowest allowed rate,
///    scaled down until they do.
///
/// A rate keeps, in each of its time slots, the first frame that starts in
/// it; a dropped frame's time goes to the kept frame before it, so the loop
/// lasts exactly as long and plays in the same order. A kept frame shorter
/// than 20 ms absorbs the next kept frame (see `AnimationTiming`).
public struct FrameThinner: Sendable {
    public static let ladder = [60, 30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1]

    /// Bytes of decoded RGBA the animation may take.
    public var budget: Int
    /// The smallest share of the source's frames kept (0…1).
    public var minIntegrity: Double

    public init(budget: Int, minIntegrity: Double) {
        self.budget = budget
        self.minIntegrity = minIntegrity
    }

    /// What to keep and at what size.
    public struct Plan: Sendable, Equatable {
        /// Indices of the source frames kept, in order.
        public var frames: [Int]
        /// How long each kept frame lasts, in ms.
        public var durations: [Int]
        /// The playback rate chosen (0: under 1 fps, for a budget of a few bytes
        /// a frame), or nil when every frame is kept as it was.
        public var fps: Int?
        public var width: Int
        public var height: Int

        public var decodedBytes: Int { width * height * 4 * frames.count }
    }

    /// `delays`: each source frame's delay as written in the file, in ms.
    public func plan(delays: [Int], width: Int, height: Int) -> Plan {
        precondition(!delays.isEmpty && width > 0 && height > 0)
        let shown = delays.map(AnimationTiming.shown)
        let frameBytes = width * height * 4
        let all = Self.merged(Array(shown.indices), shown: shown)
        if all.frames.count == shown.count, all.frames.count * frameBytes <= budget {
            return Plan(frames: all.frames, durations: all.durations, fps: nil, width: width, height: height)
        }
        let fewest = max(1, Int((minIntegrity * Double(shown.count)).rounded(.up)))
        var chosen: (fps: Int, kept: (frames: [Int], durations: [Int]))?
        for fps in Self.ladder {
            let kept = Self.merged(Self.slots(shown, fps: fps), shown: shown)
            // The highest rate always counts, even under the floor: no rate keeps more.
            guard chosen == nil || kept.frames.count >= fewest else { break }
            chosen = (fps, kept)
            if kept.frames.count * frameBytes <= budget { break }
        }
        var (fps, kept) = chosen!
        if kept.frames.count * 4 > budget {
            // Not even 1 × 1 pixel frames fit (a budget of a few bytes per
            // frame): slots as long as it takes, below 1 fps.
            let longest = max(1, budget / 4)
            kept = Self.merged(Self.slots(shown, fps: 1000, every: shown.reduce(0, +) / longest + 1), shown: shown)
            fps = 0
        }
        let (scaledWidth, scaledHeight) = Self.fit(width: width, height: height, frames: kept.frames.count, budget: budget)
        return Plan(frames: kept.frames, durations: kept.durations, fps: fps, width: scaledWidth, height: scaledHeight)
    }

    /// The first frame starting in each slot of `every`/fps s (integer
    /// arithmetic: slot = start × fps ÷ (1000 × every), so no rounding drift).
    static func slots(_ shown: [Int], fps: Int, every: Int = 1) -> [Int] {
        var kept: [Int] = []
        var (start, lastSlot) = (0, -1)
        for (index, duration) in shown.enumerated() {
            let slot = start * fps / (1000 * every)
            if slot > lastSlot {
                kept.append(index)
                lastSlot = slot
            }
            start += duration
        }
        return kept
    }

    /// Each kept frame lasts until the next kept one starts; one shorter
    /// than the shortest allowed absorbs the next until it is long enough
    /// (the last one, too short at the end of the loop, joins the one before).
    package static func merged(_ kept: [Int], shown: [Int]) -> (frames: [Int], durations: [Int]) {
        var starts = [Int](repeating: 0, count: shown.count + 1)
        for index in shown.indices { starts[index + 1] = starts[index] + shown[index] }
        let bounds = kept + [shown.count]
        var frames: [Int] = []
        var durations: [Int] = []
        for (index, next) in zip(bounds, bounds.dropFirst()) {
            let duration = starts[next] - starts[index]
            if let last = durations.last, last < AnimationTiming.shortestFrame {
                durations[durations.count - 1] += duration
            } else {
                frames.append(index)
                durations.append(duration)
            }
        }
        if durations.count > 1, durations[durations.count - 1] < AnimationTiming.shortestFrame {
            durations[durations.count - 2] += durations.removeLast()
            frames.removeLast()
        }
        return (frames, durations)
    }

    /// The largest size of the same shape whose `frames` fit `budget`.
    package static func fit(width: Int, height: Int, frames: Int, budget: Int) -> (Int, Int) {
        guard width * height * 4 * frames > budget else { return (width, height) }
        let scale = (Double(budget) / Double(width * height * 4 * frames)).squareRoot()
        var (w, h) = (max(1, Int(Double(width) * scale)), max(1, Int(Double(height) * scale)))
        while w * h * 4 * frames > budget, w > 1 || h > 1 {
            // Shrink the side that is longer for the shape, or the only one left.
            if h == 1 || (w > 1 && w * height >= h * width) { w -= 1 } else { h -= 1 }
        }
        return (w, h)
    }
}
