@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The thinning algorithm on fixed delay sequences: what it keeps, for how
/// long, at what rate and size, and that the loop keeps its duration.
@Suite struct FrameThinnerTests {
    /// Budget for `frames` frames of `side` × `side`.
    static func budget(frames: Int, side: Int = 100) -> Int { frames * side * side * 4 }

    static func check(_ plan: FrameThinner.Plan, delays: [Int], budget: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(plan.decodedBytes <= budget, "over budget", sourceLocation: sourceLocation)
        #expect(plan.durations.reduce(0, +) == delays.map(AnimationTiming.shown).reduce(0, +), "loop duration changed", sourceLocation: sourceLocation)
        #expect(plan.frames == plan.frames.sorted() && plan.frames.first == 0, "order", sourceLocation: sourceLocation)
        #expect(plan.durations.allSatisfy { $0 >= AnimationTiming.shortestFrame }, "a frame under 20 ms", sourceLocation: sourceLocation)
        #expect(plan.frames.count == plan.durations.count, sourceLocation: sourceLocation)
    }

    @Test("10 × 100 ms: all when they fit; 5 fps for 5 frames")
    func tenFrames() {
        let delays = Array(repeating: 100, count: 10)
        let roomy = FrameThinner(budget: Self.budget(frames: 10), minIntegrity: 0.5).plan(delays: delays, width: 100, height: 100)
        #expect(roomy.frames == Array(0..<10) && roomy.fps == nil && roomy.durations == delays)
        let tight = FrameThinner(budget: Self.budget(frames: 5), minIntegrity: 0.5).plan(delays: delays, width: 100, height: 100)
        #expect(tight.fps == 5 && tight.frames == [0, 2, 4, 6, 8] && tight.durations == [200, 200, 200, 200, 200])
        #expect(tight.width == 100 && tight.height == 100)
        Self.check(tight, delays: delays, budget: Self.budget(frames: 5))
    }

    @Test("20/20/200/20 ms: 30 fps keeps three frames, the time of the dropped one goes to the one before")
    func uneven() {
        let delays = [20, 20, 200, 20]
        let plan = FrameThinner(budget: Self.budget(frames: 3), minIntegrity: 0.5).plan(delays: delays, width: 100, height: 100)
        #expect(plan.fps == 30 && plan.frames == [0, 2, 3] && plan.durations == [40, 200, 20])
        Self.check(plan, delays: delays, budget: Self.budget(frames: 3))
        let all = FrameThinner(budget: Self.budget(frames: 4), minIntegrity: 0.5).plan(delays: delays, width: 100, height: 100)
        #expect(all.fps == nil && all.durations == delays)
    }

    @Test("delays of 0 and 10 ms are shown for 100 ms, as browsers show them")
    func zeroAndTen() {
        let delays = [0, 10, 0, 10]
        let plan = FrameThinner(budget: Self.budget(frames: 4), minIntegrity: 0.5).plan(delays: delays, width: 100, height: 100)
        #expect(plan.durations == [100, 100, 100, 100] && plan.fps == nil)
        #expect(AnimationTiming.centiseconds(plan.durations) == [10, 10, 10, 10])
    }

    @Test("one frame, and two frames into a budget of one")
    func oneAndTwo() {
        let one = FrameThinner(budget: Self.budget(frames: 1), minIntegrity: 0.5).plan(delays: [50], width: 100, height: 100)
        #expect(one.frames == [0] && one.durations == [50])
        let two = FrameThinner(budget: Self.budget(frames: 1), minIntegrity: 0.5).plan(delays: [100, 100], width: 100, height: 100)
        #expect(two.frames == [0] && two.durations == [200] && two.fps == 6)
        Self.check(two, delays: [100, 100], budget: Self.budget(frames: 1))
    }

    @Test("500 frames of 40 ms: 10 fps when a third may go, else 15 fps scaled down (never under half the frames)")
    func fiveHundred() {
        let delays = Array(repeating: 40, count: 500)
        let budget = Self.budget(frames: 200)
        let loose = FrameThinner(budget: budget, minIntegrity: 0.3).plan(delays: delays, width: 100, height: 100)
        #expect(loose.fps == 10 && loose.frames.count == 200 && loose.width == 100)
        Self.check(loose, delays: delays, budget: budget)
        let strict = FrameThinner(budget: budget, minIntegrity: 0.5).plan(delays: delays, width: 100, height: 100)
        #expect(strict.fps == 15 && strict.frames.count == 300 && strict.width < 100 && strict.height < 100)
        #expect(strict.width == strict.height, "the shape is kept")
        Self.check(strict, delays: delays, budget: budget)
    }

    @Test("a 2-second loop of 120 frames (16–17 ms): 60 fps, frames merged in pairs to stay over 20 ms")
    func twoSecondLoop() {
        let delays = (0..<120).map { [17, 17, 16][$0 % 3] }
        #expect(delays.reduce(0, +) == 2000)
        let plan = FrameThinner(budget: Self.budget(frames: 1000), minIntegrity: 0.5).plan(delays: delays, width: 100, height: 100)
        #expect(plan.fps == 60 && plan.frames.count == 60)
        Self.check(plan, delays: delays, budget: Self.budget(frames: 1000))
    }

    @Test("a frame far over the budget is scaled down until it fits")
    func scaled() {
        let plan = FrameThinner(budget: 1_000_000, minIntegrity: 0.5).plan(delays: [100, 100], width: 4000, height: 3000)
        #expect(plan.decodedBytes <= 1_000_000 && plan.width > 0 && abs(Double(plan.width) / Double(plan.height) - 4.0 / 3.0) < 0.02)
    }

    @Test("GIF centiseconds round the running total: the loop stays exact to 10 ms")
    func centiseconds() {
        #expect(AnimationTiming.centiseconds([33, 33, 34]) == [3, 4, 3])
        #expect(AnimationTiming.centiseconds([25, 25]) == [3, 2])
        let thirds = Array(repeating: 33, count: 300)
        let written = AnimationTiming.centiseconds(thirds)
        #expect(abs(written.reduce(0, +) * 10 - 9900) <= 5 && written.allSatisfy { $0 == 3 || $0 == 4 })
        #expect(AnimationTiming.centiseconds(Array(repeating: 20, count: 7)).allSatisfy { $0 == 2 })
    }
}
