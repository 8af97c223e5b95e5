import DoableCore
import DoableServer
import Testing
@testable import DoableHTTP

/// OPS-5 and issue 10, finding 10: the client address comes from X-Forwarded-For only through trusted proxies.
@Suite("Trusted proxies")
struct TrustedProxiesTests {
    @Test func OPS5_addressesAndBlocksParseStrictly() throws {
        #expect(IPAddress("192.0.2.1")?.description == "192.0.2.1")
        #expect(IPAddress("2001:db8::1")?.description == "2001:db8:0:0:0:0:0:1")
        #expect(IPAddress("::ffff:192.0.2.1") == IPAddress("192.0.2.1"), "an IPv4-mapped peer is the IPv4 address")
        #expect(IPAddress("[::1]") == IPAddress("0:0:0:0:0:0:0:1"))
        #expect(IPAddress("fe80::1%eth0") == IPAddress("fe80::1"))
        #expect(IPAddress("::") != nil)
        for bad in [
            "", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1.2.3.-4", "example.com", "1::2::3", ":::",
            "12345::1", "1:2:3:4:5:6:7:8:9", "g::1", "1.2.3.4 ", "unknown", "::1.2.3",
        ] {
            #expect(IPAddress(bad) == nil, "\(bad)")
        }
        #expect(IPNetwork("10.0.0.0/8")?.contains(IPAddress("10.200.3.4")!) == true)
        #expect(IPNetwork("10.0.0.0/8")?.contains(IPAddress("11.0.0.1")!) == false)
        #expect(IPNetwork("192.0.2.0/25")?.contains(IPAddress("192.0.2.127")!) == true)
        #expect(IPNetwork("192.0.2.0/25")?.contains(IPAddress("192.0.2.128")!) == false)
        #expect(IPNetwork("2001:db8::/32")?.contains(IPAddress("2001:db8:ffff::1")!) == true)
        #expect(IPNetwork("2001:db8::/32")?.contains(IPAddress("2001:db9::1")!) == false)
        #expect(IPNetwork("0.0.0.0/0")?.contains(IPAddress("2001:db8::1")!) == false, "an IPv4 block holds no IPv6")
        #expect(IPNetwork("192.0.2.7")?.contains(IPAddress("192.0.2.7")!) == true)
        for bad in ["10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/x", "/8", "10.0.0.0/8/8"] {
            #expect(IPNetwork(bad) == nil, "\(bad)")
        }
        #expect(throws: TrustedProxies.Invalid.self) { try TrustedProxies(parsing: ["10.0.0.1", "proxy.local"]) }
        let parsed = try TrustedProxies(parsing: ["10.0.0.1, 10.0.0.2", "172.16.0.0/12"])
        #expect(parsed.networks.count == 3)
    }

    @Test func OPS5_forwardedForIsBelievedOnlyFromATrustedPeer() throws {
        let proxies = try TrustedProxies(parsing: ["10.0.0.0/8", "::1"])
        // Not through a trusted proxy: the header is anyone's to write, so the peer is the client.
        #expect(proxies.clientAddress(peer: "198.51.100.4", forwardedFor: ["203.0.113.9"]) == "198.51.100.4")
        // Through one proxy: the address it saw.
        #expect(proxies.clientAddress(peer: "10.0.0.2", forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
        #expect(proxies.clientAddress(peer: "::1", forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
        // A client writing its own X-Forwarded-For gets the address the proxy appended, not the one it wrote.
        #expect(proxies.clientAddress(peer: "10.0.0.2", forwardedFor: ["1.1.1.1, 203.0.113.9"]) == "203.0.113.9")
        // Through two trusted proxies, across repeated header lines.
        #expect(proxies.clientAddress(peer: "10.0.0.2", forwardedFor: ["203.0.113.9", "10.0.0.3"]) == "203.0.113.9")
        // Garbage stops the walk at the last good address; no header means the proxy itself.
        #expect(proxies.clientAddress(peer: "10.0.0.2", forwardedFor: ["203.0.113.9, bogus"]) == "10.0.0.2")
        #expect(proxies.clientAddress(peer: "10.0.0.2", forwardedFor: []) == "10.0.0.2")
        // Ports and brackets some proxies add.
        #expect(proxies.clientAddress(peer: "10.0.0.2", forwardedFor: ["203.0.113.9:4711"]) == "203.0.113.9")
        #expect(proxies.clientAddress(peer: "10.0.0.2", forwardedFor: ["[2001:db8::7]:443"]) == "2001:db8:0:0:0:0:0:7")
        // Nothing trusted: the peer, always.
        #expect(TrustedProxies().clientAddress(peer: "10.0.0.2", forwardedFor: ["203.0.113.9"]) == "10.0.0.2")
    }
}
