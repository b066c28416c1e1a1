/// How long frames are shown, in milliseconds, and how those times are
/// written back into a GIF, whose delays are centiseconds.
public enum AnimationTiming {
    /// The shortest frame a thinned animation keeps. Browsers show a GIF
    /// delay of 10 ms or less as 100 ms, so a shorter frame would not play
    /// faster: it would play ten times slower.
    public static let shortestFrame = 20

    /// How long a browser shows a frame whose file says `delay` ms: delays
    /// of 10 ms or less (0 and 1 centisecond, the common "as fast as
    /// possible") are shown for 100 ms by Chromium, Firefox and Safari. imgsite
    /// reads them the same way, so the output plays as the source played.
    public static func shown(_ delay: Int) -> Int {
        delay <= 10 ? 100 : delay
    }

    /// Centisecond delays for frames lasting `durations` ms, rounding the
    /// running total rather than each frame (half away from zero), so the
    /// error never builds up: the loop's total is exact to 10 ms. Frames of
    /// at least 20 ms get at least 2 cs, which browsers show as written.
    public static func centiseconds(_ durations: [Int]) -> [Int] {
        var (elapsed, written) = (0, 0)
        return durations.map { duration in
            elapsed += duration
            let total = (elapsed + 5) / 10
            defer { written = total }
            return total - written
        }
    }
}
