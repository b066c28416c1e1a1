import Foundation
import ImgSiteCore
@testable import ImgSitePlanning

/// The whole photo corpus built once and shared by the tests that inspect
/// outputs (building it per test would multiply the suite's time).
enum CorpusSite {
    private static let shared: Result<TestBuild, any Error> = Result {
        try TestBuild.run(input: Corpus.photos)
    }

    static func build() throws -> TestBuild { try shared.get() }
}
