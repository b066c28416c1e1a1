import Foundation
@testable import ImgSiteServer
import Testing

/// What `serve` and `watch` say of where the site opens (#66 asks 2 and 12).
@Suite struct ServedAddressesTests {
    @Test("every network: the machine's own addresses, never 0.0.0.0; one address: itself")
    func urls() {
        let all = ServedAddresses.urls(host: "0.0.0.0", port: 8125)
        #expect(all.last == "http://127.0.0.1:8125/" && all.allSatisfy { !$0.contains("0.0.0.0") }, "\(all)")
        #expect(all.dropLast().allSatisfy { !$0.hasPrefix("http://127.") }, "loopback once, last: \(all)")
        #expect(ServedAddresses.urls(host: "127.0.0.1", port: 8000) == ["http://127.0.0.1:8000/"])
        #expect(ServedAddresses.urls(host: "::1", port: 8000) == ["http://[::1]:8000/"])
    }

    @Test("each private album's address, and off HTTPS and loopback that it opens only there")
    func privateAlbums() throws {
        let site = try Corpus.scratch("site")
        for folder in ["p-2gqknswfhs/_sealed", "trips/p-7kq2m9x4ab/_sealed", "trips/public"] {
            try FileManager.default.createDirectory(at: site.appending(path: folder), withIntermediateDirectories: true)
        }
        for file in ["p-2gqknswfhs/sw.js", "trips/p-7kq2m9x4ab/sw.js"] { try Data().write(to: site.appending(path: file)) }
        #expect(ServedAddresses.privateAlbums(in: site) == ["p-2gqknswfhs/", "trips/p-7kq2m9x4ab/"])
        let local = ServedAddresses.lines(site: site, urls: ["http://127.0.0.1:8000/"])
        #expect(local == ["private album p-2gqknswfhs/ → http://127.0.0.1:8000/p-2gqknswfhs/",
                          "private album trips/p-7kq2m9x4ab/ → http://127.0.0.1:8000/trips/p-7kq2m9x4ab/"])
        let network = ServedAddresses.lines(site: site, urls: ["http://192.168.1.20:8000/", "http://127.0.0.1:8000/"])
        #expect(network.last?.hasPrefix("note: a private album opens only over HTTPS or on this machine (http://127.0.0.1:8000/)") == true, "\(network)")
        #expect(ServedAddresses.lines(site: site.appending(path: "trips/public"), urls: ["http://192.168.1.20:8000/"]).isEmpty)
    }
}
