import DoableCore
import Testing

/// OPS-7 and issue 27, finding 2: which addresses a member-supplied URL may reach.
struct OutgoingPolicyTests {
    @Test func OPS7_everyNumericFormTheResolverReadsIsTheAddressItNames() {
        let loopback = IPAddress("127.0.0.1")
        for text in ["2130706433", "0x7f000001", "0X7F000001", "0177.0.0.1", "127.1", "127.0.1", "0x7f.1", "127.0.0.1."] {
            #expect(IPAddress(hostLiteral: text) == loopback, "\(text)")
        }
        #expect(IPAddress(hostLiteral: "0") == IPAddress("0.0.0.0"))
        #expect(IPAddress(hostLiteral: "[::ffff:127.0.0.1]") == loopback)
        #expect(IPAddress(hostLiteral: "10.1") == IPAddress("10.0.0.1"))
        for name in ["example.com", "127.0.0.1.example.com", "1.2.3.4.5", "256.1.1.1", "4294967296", "08", "1e3"] {
            #expect(IPAddress(hostLiteral: name) == nil, "\(name)")
        }
    }

    @Test func OPS7_loopbackPrivateLinkLocalUniqueLocalMulticastAndUnspecifiedAreRefused() {
        let policy = OutgoingPolicy()
        let refused = [
            "127.0.0.1", "127.255.0.9", "10.2.3.4", "172.16.0.1", "172.31.255.255", "192.168.1.1",
            "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::",
            "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
            "64:ff9b::7f00:1", "2002:7f00:1::", "2002:c0a8:101::1", "::127.0.0.1", "2001:db8::1",
        ]
        for text in refused {
            #expect(policy.refusal(of: IPAddress(text)!) != nil, "\(text)")
        }
        #expect(policy.refusal(of: IPAddress("127.0.0.1")!) == "a loopback address")
        #expect(policy.refusal(of: IPAddress("::ffff:192.168.0.1")!) == "a private network address")
        #expect(policy.refusal(of: IPAddress("169.254.169.254")!) == "a link-local address")
        for text in [
            "93.184.216.34", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "64:ff9b::5db8:d822",
            "2002:5db8:d822::1",
        ] {
            #expect(policy.refusal(of: IPAddress(text)!) == nil, "\(text)")
        }
    }

    @Test func OPS7_hostsArePlainlyRefusedBeforeAnyLookupWhenTheyAreNumbersOrLocalhost() {
        let policy = OutgoingPolicy()
        for host in [
            "localhost", "LOCALHOST", "localhost.", "api.localhost", "2130706433", "0x7f000001", "0177.0.0.1",
            "0", "[::1]", "[::ffff:127.0.0.1]", "169.254.169.254", "ip6-localhost",
        ] {
            #expect(policy.refusal(ofHost: host) != nil, "\(host)")
        }
        for host in ["example.com", "hooks.example.org", "93.184.216.34", "[2606:4700:4700::1111]"] {
            #expect(policy.refusal(ofHost: host) == nil, "\(host)")
        }
    }

    @Test func OPS7_anAdminAllowsARangeForTrustedInternalReceivers() throws {
        let policy = try OutgoingPolicy(parsing: ["127.0.0.0/8, ::1", "10.1.0.0/16"])
        #expect(policy.allowed.count == 3)
        #expect(policy.refusal(of: IPAddress("127.0.0.1")!) == nil)
        #expect(policy.refusal(of: IPAddress("::ffff:127.0.0.1")!) == nil, "the mapped form is the same address")
        #expect(policy.refusal(of: IPAddress("::1")!) == nil)
        #expect(policy.refusal(of: IPAddress("10.1.9.9")!) == nil)
        #expect(policy.refusal(of: IPAddress("10.2.0.1")!) == "a private network address")
        #expect(policy.refusal(ofHost: "localhost") == nil)
        #expect(throws: OutgoingPolicy.InvalidRange.self) { try OutgoingPolicy(parsing: ["10.0.0.0/33"]) }
        #expect(throws: OutgoingPolicy.InvalidRange.self) { try OutgoingPolicy(parsing: ["intranet"]) }
    }
}
