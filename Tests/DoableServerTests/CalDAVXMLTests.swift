import DoableCore
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import Testing

/// INTEROP-1: the CalDAV layer's own XML reader and writer, its URL space and its filter reading — no server.
@Suite("CalDAV XML")
struct CalDAVXMLTests {
    static let propfind = """
        <?xml version="1.0" encoding="utf-8" ?>
        <!-- Thunderbird's first question -->
        <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <D:prop>
            <D:resourcetype/>
            <D:owner/>
            <D:current-user-principal/>
            <D:supported-report-set/>
            <C:supported-calendar-component-set/>
            <CS:getctag/>
            <x:unknown xmlns:x="urn:example:x"/>
          </D:prop>
        </D:propfind>
        """

    @Test func INTEROP1_readsPrefixedNamespacesWhateverThePrefix() throws {
        let root = try XMLReader.parse(Self.propfind)
        #expect(root.name == .dav("propfind"))
        let names = try #require(root.child(.dav("prop"))).propertyNames
        #expect(
            names == [
                .dav("resourcetype"), .dav("owner"), .dav("current-user-principal"),
                .dav("supported-report-set"), .caldav("supported-calendar-component-set"),
                .calendarServer("getctag"), QName("urn:example:x", "unknown"),
            ])
        // The same request with other prefixes, and with DAV: as the default namespace.
        let other = try XMLReader.parse(
            #"<a:propfind xmlns:a="DAV:"><a:prop><b:getctag xmlns:b="http://calendarserver.org/ns/"/></a:prop></a:propfind>"#)
        #expect(other.child(.dav("prop"))?.propertyNames == [.calendarServer("getctag")])
        let defaulted = try XMLReader.parse(
            """
            <propfind xmlns="DAV:"><prop><getetag/><calendar-data xmlns="urn:ietf:params:xml:ns:caldav"/>\
            <displayname/></prop></propfind>
            """)
        #expect(
            defaulted.child(.dav("prop"))?.propertyNames
                == [.dav("getetag"), .caldav("calendar-data"), .dav("displayname")])
    }

    @Test func INTEROP1_attributesHaveNoNamespaceUnlessPrefixed() throws {
        let root = try XMLReader.parse(
            """
            <C:comp-filter xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:x="urn:x" name='VTODO' x:extra="1"/>
            """)
        #expect(root.attribute("name") == "VTODO")
        #expect(root.attributes[QName("urn:x", "extra")] == "1")
        #expect(root.attributes.count == 2, "xmlns declarations are not attributes")
    }

    @Test func INTEROP1_textEntitiesAndCDATAAreDecoded() throws {
        let root = try XMLReader.parse(
            "<a xmlns=\"urn:x\">1 &lt; 2 &amp;&gt; &quot;&apos; &#233;&#xE9;&#x1F600;<![CDATA[<b>&amp;</b>]]><!-- no --><?pi x?>.</a>")
        #expect(root.text == "1 < 2 &> \"' éé😀<b>&amp;</b>.")
        let attribute = try XMLReader.parse(#"<a b="x&amp;y&#10;z"/>"#)
        #expect(attribute.attribute("b") == "x&y\nz")
        let mixed = try XMLReader.parse("<a> one <b>two</b> three </a>")
        #expect(mixed.text == " one  three ")
        #expect(mixed.trimmedText == "one  three")
        #expect(mixed.child(QName("", "b"))?.text == "two")
    }

    @Test func INTEROP1_refusesDoctypeEntitiesAndMalformedDocuments() {
        let refused = [
            // XXE and billion laughs: no DOCTYPE, so no entity is ever declared.
            #"<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><foo>&xxe;</foo>"#,
            #"<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>"#,
            "<a><!DOCTYPE x></a>",
            "<a>&xxe;</a>", "<a>&#0;</a>", "<a>&#xD800;</a>", "<a>&#x110000;</a>", "<a>& b</a>",
            "<D:prop/>", "<a xmlns:p=''/>", "<a:b:c xmlns:a='x'/>",
            "<a></b>", "<a>", "<a><b></a>", "<a/><b/>", "<a/>text", "", "   ", "text", "<>", "</a>",
            "<a b='1' b='2'/>", "<a b='<'/>", "<a b=1/>", "<a b='1'c='2'/>", "<a b/>", "<!-- open <a/>",
            "<a><![CDATA[open</a>", "<a><?pi</a>", "<1a/>", "<a\u{0}/>",
        ]
        for text in refused {
            #expect(throws: XMLReader.Failure.self, "\(text)") { try XMLReader.parse(text) }
        }
        #expect(throws: XMLReader.Failure.self) { try XMLReader.parse([0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E]) }
    }

    @Test func INTEROP1_nestingIsBoundedAt32() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        }
        _ = try XMLReader.parse(nested(32))
        #expect(throws: XMLReader.Failure.self) { try XMLReader.parse(nested(33)) }
        #expect(throws: XMLReader.Failure.self) { try XMLReader.parse(String(repeating: "<a>", count: 100_000)) }
    }

    /// 2,000 mutations (cut, spliced, duplicated, swapped and truncated bytes) of real request bodies: each is read
    /// or refused with `XMLReader.Failure`, never a crash or another error, and whatever is read is written back by
    /// the writer and read again to the same tree.
    @Test func INTEROP1_fuzzedBodiesAreReadOrRefusedNeverCrash() throws {
        let seeds = [
            Self.propfind, CalDAVBodies.query, CalDAVBodies.multiget, CalDAVBodies.sync,
            CalDAVBodies.proppatch, CalDAVBodies.mkcalendar,
        ].map { Array($0.utf8) }
        let alphabet = Array("<>/=\"' &;#x:![]-?CDATAxmlnsD:\n\t".utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0xE2, 0x82]
        var random = SplitMix(seed: 0xCA1DA5)
        var read = 0
        var refused = 0
        for _ in 0..<2_000 {
            var bytes = seeds[Int(random.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + Int(random.next() % 4)) {
                guard !bytes.isEmpty else { break }
                let at = Int(random.next() % UInt64(bytes.count))
                let length = min(bytes.count - at, Int(random.next() % 12))
                switch random.next() % 5 {
                case 0: bytes.removeSubrange(at..<(at + length))
                case 1:
                    bytes.insert(
                        contentsOf: (0..<max(1, length)).map { _ in
                            alphabet[Int(random.next() % UInt64(alphabet.count))]
                        }, at: at)
                case 2: bytes.insert(contentsOf: bytes[at..<(at + length)], at: at)
                case 3: bytes.swapAt(at, Int(random.next() % UInt64(bytes.count)))
                default: bytes.removeSubrange(at...)
                }
            }
            guard let tree = try? XMLReader.parse(bytes) else {
                refused += 1
                continue
            }
            read += 1
            var writer = XMLWriter()
            writer.openRoot(QName("", "wrapper"))
            writer.write(Self.node(tree))
            writer.close(QName("", "wrapper"))
            let again = try #require(try XMLReader.parse(String(buffer: writer.output)).children.first)
            #expect(Self.shape(again) == Self.shape(tree), "\(String(decoding: bytes, as: UTF8.self))")
        }
        print("CalDAV XML fuzz: 2000 mutated bodies, \(read) read, \(refused) refused")
        #expect(read + refused == 2_000)
        #expect(read > 50 && refused > 500)
    }

    /// The element as the writer's node (attributes in a namespace are left out: the writer never needs them).
    static func node(_ element: XMLReader.Element) -> XMLNode {
        let attributes = element.attributes.filter { $0.key.namespace.isEmpty }.sorted { $0.key.local < $1.key.local }
            .map { (name: $0.key.local, value: $0.value) }
        let text: [XMLNode] = element.text.isEmpty ? [] : [.text(element.text)]
        return .element(element.name, attributes: attributes, children: text + element.children.map(node))
    }

    static func shape(_ element: XMLReader.Element) -> String {
        let attributes = element.attributes.filter { $0.key.namespace.isEmpty }.map { "\($0.key.local)=\($0.value)" }
            .sorted().joined(separator: ",")
        return "\(element.name)[\(attributes)](\(element.text)|\(element.children.map(shape).joined(separator: ";")))"
    }

    @Test func INTEROP1_writerEscapesTextSoItReadsBackExactly() throws {
        let text = "BEGIN:VCALENDAR\r\nSUMMARY:a < b & c > \"d\" 'e' é\r\nEND:VCALENDAR\r\n"
        var writer = XMLWriter()
        writer.openRoot(.dav("multistatus"))
        writer.write(.element(.caldav("calendar-data"), text: text))
        writer.write(.element(QName("urn:example:x", "odd"), attributes: [("a", "\"<&>\n")]))
        writer.write(.element(.dav("displayname"), text: "bell\u{7} and nul\u{0}"))
        writer.write(.element(.caldav("calendar-description"), text: "ｱ\u{FFFE}\u{FFFF}\u{FFFD}€"))
        writer.close(.dav("multistatus"))
        let root = try XMLReader.parse(String(buffer: writer.output))
        #expect(root.child(.caldav("calendar-data"))?.text == text)
        #expect(root.child(QName("urn:example:x", "odd"))?.attribute("a") == "\"<&>\n")
        #expect(root.child(.dav("displayname"))?.text == "bell\u{FFFD} and nul\u{FFFD}")
        #expect(root.child(.caldav("calendar-description"))?.text == "ｱ\u{FFFD}\u{FFFD}\u{FFFD}€")
        #expect(String(buffer: writer.output).contains("&#13;"), "carriage returns survive XML's line-end normalisation")
    }

    @Test func INTEROP1_multistatusHasPropstatsByStatusAndTheSyncToken() throws {
        let entries = [
            DAVResponseEntry(
                href: "/dav/calendars/alice/x/", found: [(.dav("displayname"), [.text("Home")])],
                missing: [.calendarServer("pushkey")]),
            DAVResponseEntry(href: "/dav/calendars/alice/x/gone.ics", status: .notFound),
        ]
        let response = Multistatus.response(entries, syncToken: "http://doable.invalid/sync/7")
        #expect(response.status.code == 207)
        #expect(response.headers[.contentType] == "application/xml; charset=utf-8")
        let root = try XMLReader.parse(String(buffer: Multistatus.document(entries, syncToken: "http://doable.invalid/sync/7")))
        let responses = root.children(.dav("response"))
        #expect(responses.count == 2)
        let propstats = responses[0].children(.dav("propstat"))
        #expect(propstats.map { $0.child(.dav("status"))?.text } == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found"])
        #expect(propstats[0].child(.dav("prop"))?.child(.dav("displayname"))?.text == "Home")
        #expect(propstats[1].child(.dav("prop"))?.propertyNames == [.calendarServer("pushkey")])
        #expect(responses[1].child(.dav("status"))?.text == "HTTP/1.1 404 Not Found")
        #expect(root.child(.dav("sync-token"))?.text == "http://doable.invalid/sync/7")
    }

    @Test func INTEROP1_pathsDecodeSegmentsAndHrefsEncodeThem() {
        #expect(DAVPath("/dav") == .root)
        #expect(DAVPath("/dav/") == .root)
        #expect(DAVPath("/dav/principals/") == .root)
        #expect(DAVPath("/dav/principals/alice/") == .principal(user: "alice"))
        #expect(DAVPath("/dav/calendars/alice%40example.com") == .home(user: "alice@example.com"))
        #expect(DAVPath("/dav/calendars/alice/L1/") == .calendar(user: "alice", calendar: "L1"))
        #expect(DAVPath("/dav/calendars/alice/L1/A%20b%2Bc.ics") == .object(user: "alice", calendar: "L1", name: "A b+c.ics"))
        #expect(
            DAVPath("https://dav.example.com:8443/dav/calendars/alice/L1/x.ics?y=1")
                == .object(user: "alice", calendar: "L1", name: "x.ics"))
        for refused in [
            "/api/v1/tasks", "/dav/other/alice/", "/dav/calendars/alice/L1/x/y", "/dav/calendars/%zz/",
            "/dav/calendars/alice/L1/a%2Fb.ics", "/dav/calendars/alice/L1/%2E%2E", "/dav/calendars/%FF/",
        ] {
            #expect(DAVPath(refused) == nil, "\(refused)")
        }
        let name = "Ünïcode name with:odd?chars#&%.ics"
        let href = DAVPath.objectHref("bob", "L2", name)
        #expect(href.hasPrefix("/dav/calendars/bob/L2/"))
        #expect(!href.dropFirst("/dav/calendars/bob/L2/".count).contains("/"))
        #expect(DAVPath(href) == .object(user: "bob", calendar: "L2", name: name))
    }

    /// The byte-level href writer and reader agree with each other on any name, and an unreserved name is used as
    /// it is (INTEROP-1).
    @Test func INTEROP1_hrefsRoundTripAnyName() {
        #expect(DAVPath.percentEncoded("0A1B-c_d.e~f.ics") == "0A1B-c_d.e~f.ics")
        #expect(DAVPath.percentEncoded("a b/ü%") == "a%20b%2F%C3%BC%25")
        #expect(DAVPath.objectHref(in: "/dav/calendars/bob/L2/", "x y.ics") == "/dav/calendars/bob/L2/x%20y.ics")
        let alphabet = Array("aZ09-._~ /%?#:;&<>\"'+=@éü€😀\u{301}\t")
        for _ in 0..<500 {
            let name = String((0..<Int.random(in: 1...12)).map { _ in alphabet.randomElement()! })
            let href = "https://example.com" + DAVPath.objectHref("bob@example.com", "L 2", name) + "?x=1#y"
            // A name holding a slash, or only dots, could never be one segment of a path: refused.
            let isRefused = name.contains("/") || name == "." || name == ".."
            #expect(
                DAVPath(href) == (isRefused ? nil : .object(user: "bob@example.com", calendar: "L 2", name: name)),
                "\(name)")
        }
        #expect(DAVPath("/dav://x/dav/principals/a/") == .principal(user: "a"))
        #expect(DAVPath("dav/calendars/") == .root)
        #expect(DAVPath("/davx/") == nil && DAVPath("") == nil && DAVPath("https://example.com") == nil)
    }

    /// Escaping works on the bytes and copies plain runs whole; every kind of character reads back as before: XML's
    /// specials and CR escaped, controls and U+FFFE/U+FFFF replaced (INTEROP-1).
    @Test func INTEROP1_escapedTextReadsBackWhateverItHolds() throws {
        let pieces = [
            "a", "BEGIN:VTODO", "\r\n", "\n", "\t", "<", ">", "&", "\"", "'", "\u{1}", "\u{1F}", "é",
            "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{EFBF}", "ｱ", "😀", "]]>",
        ]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...20)).map { _ in pieces.randomElement()! }.joined()
            var writer = XMLWriter(capacity: 16)
            writer.openRoot(.dav("multistatus"))
            writer.write(.element(.caldav("calendar-data"), text: text))
            writer.write(.element(.dav("x"), attributes: [("v", text)]))
            writer.close(.dav("multistatus"))
            let root = try XMLReader.parse(String(buffer: writer.output))
            let expected = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { scalar -> Unicode.Scalar in
                        scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value) || scalar.value == 0xFFFE
                            || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar
                    }))
            #expect(root.child(.caldav("calendar-data"))?.text == expected)
            #expect(root.child(.dav("x"))?.attribute("v") == expected)
        }
    }

    @Test func INTEROP1_calendarQueryFiltersBecomeCoreFilters() throws {
        let filter = try CalendarQueryParser.filter(of: try XMLReader.parse(CalDAVBodies.query))
        #expect(filter.name == "VCALENDAR")
        let todo = try #require(filter.compFilters.first)
        #expect(todo.name == "VTODO")
        #expect(
            todo.timeRange
                == TimeRange(
                    start: Timestamp(rfc3339: "2026-11-27T00:00:00Z"),
                    end: Timestamp(rfc3339: "2026-12-01T12:30:00Z")))
        let summary = try #require(todo.propFilters.first)
        #expect(summary.name == "SUMMARY")
        #expect(summary.textMatch?.text == "milk")
        #expect(summary.textMatch?.caseSensitive == false)
        #expect(summary.textMatch?.negate == true)
        #expect(todo.propFilters.last?.name == "COMPLETED" && todo.propFilters.last?.isNotDefined == true)

        func failure(_ body: String) -> String? {
            do {
                _ = try CalendarQueryParser.filter(of: try XMLReader.parse(body))
                return nil
            } catch let failure as DAVFailure {
                guard case .element(let name, _, _)? = failure.condition else { return "no condition" }
                return name.local
            } catch {
                return "\(error)"
            }
        }
        let head =
            #"<C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">"#
        let tail = "</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>"
        #expect(failure(head + #"<C:time-range start="2026-11-27"/>"# + tail) == "valid-filter")
        #expect(failure(head + #"<C:time-range start="20261127T000000Z" end="20261126T000000Z"/>"# + tail) == "valid-filter")
        #expect(failure(head + #"<C:time-range/>"# + tail) == "valid-filter")
        #expect(
            failure(head + #"<C:prop-filter name="SUMMARY"><C:text-match collation="i;klingon">x</C:text-match></C:prop-filter>"# + tail)
                == "supported-collation")
        #expect(failure(head + "<C:comp-filter/>" + tail) == "valid-filter")
        #expect(failure(#"<C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav"/>"#) == nil, "no filter matches all")
    }

    @Test func INTEROP1_basicCredentialsAndSyncTokensAreReadStrictly() {
        let encoded = Data("alice@example.com:pa:ss word".utf8).base64EncodedString()
        #expect(DAVAuthenticator.basicCredentials("Basic \(encoded)")! == ("alice@example.com", "pa:ss word"))
        #expect(DAVAuthenticator.basicCredentials("basic  \(encoded)")! == ("alice@example.com", "pa:ss word"))
        #expect(DAVAuthenticator.basicCredentials("Bearer \(encoded)") == nil)
        #expect(DAVAuthenticator.basicCredentials("Basic !!!") == nil)
        #expect(DAVAuthenticator.basicCredentials("Basic " + Data("no-colon".utf8).base64EncodedString()) == nil)
        #expect(DAVAuthenticator.basicCredentials("Basic " + Data(":password".utf8).base64EncodedString()) == nil)
        #expect(DAVProperties.syncSequence("http://doable.invalid/sync/42") == 42)
        for token in [
            "http://doable.invalid/sync/", "http://doable.invalid/sync/-1", "http://doable.invalid/sync/4x",
            "https://doable.invalid/sync/4", "42", "data:,42",
        ] {
            #expect(DAVProperties.syncSequence(token) == nil, "\(token)")
        }
        #expect(HTTPDate.format(Timestamp(milliseconds: 784_111_777_000)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}

/// Request bodies as real clients send them.
enum CalDAVBodies {
    static let query = """
        <?xml version="1.0" encoding="utf-8"?>
        <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <D:prop><D:getetag/><C:calendar-data/></D:prop>
          <C:filter>
            <C:comp-filter name="VCALENDAR">
              <C:comp-filter name="VTODO">
                <C:time-range start="20261127T000000Z" end="20261201T123000Z"/>
                <C:prop-filter name="SUMMARY">
                  <C:text-match collation="i;ascii-casemap" negate-condition="yes">milk</C:text-match>
                </C:prop-filter>
                <C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>
              </C:comp-filter>
            </C:comp-filter>
          </C:filter>
        </C:calendar-query>
        """

    static let multiget = """
        <?xml version="1.0" encoding="utf-8"?>
        <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <D:prop><D:getetag/><C:calendar-data/></D:prop>
          <D:href>/dav/calendars/alice/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/one.ics</D:href>
          <D:href>/dav/calendars/alice/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/two%20x.ics</D:href>
        </C:calendar-multiget>
        """

    static let sync = """
        <?xml version="1.0" encoding="utf-8"?>
        <D:sync-collection xmlns:D="DAV:">
          <D:sync-token>http://doable.invalid/sync/12</D:sync-token>
          <D:sync-level>1</D:sync-level>
          <D:limit><D:nresults>100</D:nresults></D:limit>
          <D:prop><D:getetag/></D:prop>
        </D:sync-collection>
        """

    static let proppatch = """
        <?xml version="1.0" encoding="utf-8"?>
        <D:propertyupdate xmlns:D="DAV:" xmlns:A="http://apple.com/ns/ical/">
          <D:set><D:prop><D:displayname>Groceries &amp; more</D:displayname><A:calendar-color>#FF0000FF</A:calendar-color></D:prop></D:set>
          <D:remove><D:prop><C:calendar-description xmlns:C="urn:ietf:params:xml:ns:caldav"/></D:prop></D:remove>
        </D:propertyupdate>
        """

    static let mkcalendar = """
        <?xml version="1.0" encoding="utf-8"?>
        <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <D:set><D:prop>
            <D:displayname>Errands</D:displayname>
            <C:calendar-description><![CDATA[Things <outside>]]></C:calendar-description>
            <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
          </D:prop></D:set>
        </C:mkcalendar>
        """
}
