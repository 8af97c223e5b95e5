import DoableCore
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import Testing

/// TASK-11: the web app's `multipart/form-data` reader (RFC 7578): what browsers send is read exactly, anything
/// malformed is a `DoableError.invalid` (a 400, never a crash), and a form of ten 64 KiB photos fits.
@Suite struct MultipartFormTests {
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
    static let contentType = "multipart/form-data; boundary=\(boundary)"

    /// A body as a browser writes it: each part's headers, a blank line, its bytes; CRLF everywhere.
    static func body(
        _ parts: [(headers: [String], bytes: [UInt8])], boundary: String = boundary,
        epilogue: String = "\r\n"
    ) -> [UInt8] {
        var body: [UInt8] = []
        for part in parts {
            body += Array("--\(boundary)\r\n".utf8)
            for header in part.headers { body += Array("\(header)\r\n".utf8) }
            body += Array("\r\n".utf8) + part.bytes + Array("\r\n".utf8)
        }
        return body + Array("--\(boundary)--\(epilogue)".utf8)
    }

    static func field(_ name: String, _ value: String) -> (headers: [String], bytes: [UInt8]) {
        (["Content-Disposition: form-data; name=\"\(name)\""], Array(value.utf8))
    }

    static func file(_ name: String, _ filename: String, _ bytes: [UInt8], type: String = "image/png")
        -> (headers: [String], bytes: [UInt8])
    {
        (
            ["Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"", "Content-Type: \(type)"],
            bytes
        )
    }

    /// Bytes that look like the framing: CR, LF, dashes and a near-boundary.
    static let awkward: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 13, 10, 45, 45, 13, 10, 0, 255]
        + Array("\r\n--\(boundary.dropLast())x\r\n".utf8) + [13, 10, 13]

    private func refusal(_ body: [UInt8], contentType: String = contentType) -> String? {
        do {
            _ = try MultipartForm.parse(body, contentType: contentType)
            return nil
        } catch let error as DoableError {
            guard case .invalid = error else { return "not invalid: \(error)" }
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func TASK11_readsFieldsAndFilesAsABrowserSendsThem() throws {
        let body = Self.body([
            Self.field("_csrf", "token123"), Self.field("back", "/tasks/1"),
            Self.file("photos", "a.png", Self.awkward),
            Self.file("photos", "b.jpg", [0xFF, 0xD8, 0xFF, 0xE0], type: "image/jpeg"),
            Self.field("note", "Grüße\r\nzwei Zeilen"),
        ])
        let form = try MultipartForm.parse(body, contentType: Self.contentType)
        #expect(form.fields == ["_csrf": "token123", "back": "/tasks/1", "note": "Grüße\r\nzwei Zeilen"])
        #expect(form.files.map(\.fieldName) == ["photos", "photos"])
        #expect(form.files.map(\.filename) == ["a.png", "b.jpg"])
        #expect(form.files.map(\.contentType) == ["image/png", "image/jpeg"])
        #expect(form.files[0].bytes == Self.awkward)
        #expect(form.files[1].bytes == [0xFF, 0xD8, 0xFF, 0xE0])
        #expect(form.formData["_csrf"] == "token123")
    }

    @Test func TASK11_theBoundaryMayBeQuotedAndTheTypeAnyCase() throws {
        let boundary = "simple boundary:'()+_,-./=?"
        let body = Self.body([Self.field("a", "1")], boundary: boundary)
        let form = try MultipartForm.parse(body, contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"\(boundary)\"")
        #expect(form.fields["a"] == "1")
        let plain = Self.body([Self.field("a", "2")], boundary: "xyz")
        #expect(try MultipartForm.parse(plain, contentType: "multipart/form-data;boundary=xyz").fields["a"] == "2")
    }

    @Test func TASK11_anEmptyFileInputIsSkipped() throws {
        let body = Self.body([
            Self.field("_csrf", "t"),
            (["Content-Disposition: form-data; name=\"photos\"; filename=\"\"", "Content-Type: application/octet-stream"], []),
        ])
        let form = try MultipartForm.parse(body, contentType: Self.contentType)
        #expect(form.files.isEmpty)
        #expect(form.fields == ["_csrf": "t"])
        // A chosen file that is empty is still a file (the Domain says "The photo is empty.").
        let chosen = try MultipartForm.parse(
            Self.body([Self.file("photos", "empty.png", [])]),
            contentType: Self.contentType)
        #expect(chosen.files.count == 1)
    }

    @Test func TASK11_namesAndFilenamesUnescape() throws {
        let body = Self.body([
            (["Content-Disposition: form-data; name=\"a%22b\"; filename=\"say \\\"cheese\\\" %22now%22.png\""], [1]),
            (["content-disposition: FORM-DATA; filename=\"C:\\Users\\me\\Pictures\\cat.gif\"; name=pic"], [2]),
            (["Content-Disposition: form-data; name=\"x\"; filename=\"plain.png\"; filename*=UTF-8''%E2%82%AC.png"], [3]),
            (["Content-Disposition: form-data; name=\"semi;colon\"", "X-Other: ignored"], Array("v".utf8)),
        ])
        let form = try MultipartForm.parse(body, contentType: Self.contentType)
        #expect(form.files.map(\.fieldName) == ["a\"b", "pic", "x"])
        #expect(form.files.map(\.filename) == ["say \"cheese\" \"now\".png", "cat.gif", "€.png"])
        #expect(form.files[1].contentType == "application/octet-stream")
        #expect(form.fields["semi;colon"] == "v")
    }

    @Test func TASK11_aRepeatedFieldKeepsItsFirstValueAndAllPairs() throws {
        let body = Self.body([Self.field("labels", "1"), Self.field("labels", "2"), Self.field("_charset_", "UTF-8")])
        let form = try MultipartForm.parse(body, contentType: Self.contentType)
        #expect(form.fields == ["labels": "1"])
        #expect(form.formData.all("labels") == ["1", "2"])
    }

    @Test func TASK11_paddingAfterABoundaryAndAnEpilogueAreAllowed() throws {
        var body = Array("--\(Self.boundary)  \t\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n".utf8)
        body += Array("--\(Self.boundary)--\r\nthe epilogue, ignored".utf8)
        #expect(try MultipartForm.parse(body, contentType: Self.contentType).fields == ["a": "1"])
        #expect(
            try MultipartForm.parse(Array("--\(Self.boundary)--".utf8), contentType: Self.contentType)
                .fields.isEmpty)
    }

    @Test func TASK11_tenPhotosOf64KiBFitInOneForm() throws {
        var random = SplitMix(seed: 11)
        let photos = (0..<10).map { _ in (0..<ImageKind.maximumBytes).map { _ in UInt8.random(in: 0...255, using: &random) } }
        let body = Self.body(
            [Self.field("_csrf", String(repeating: "x", count: 43)), Self.field("back", "/tasks/1")]
                + photos.enumerated().map { Self.file("photos", "photo-\($0.offset).webp", $0.element) })
        #expect(body.count < MultipartForm.maximumBytes)
        let form = try MultipartForm.parse(body, contentType: Self.contentType)
        #expect(form.files.map(\.bytes) == photos)
    }

    @Test func TASK11_malformedFormsAreRefusedAsInvalid() {
        let good = Self.body([Self.field("a", "1")])
        let cases: [(String, [UInt8], String)] = [
            ("not multipart", good, "application/x-www-form-urlencoded"),
            ("no boundary", good, "multipart/form-data"),
            ("empty boundary", good, "multipart/form-data; boundary="),
            ("boundary too long", good, "multipart/form-data; boundary=" + String(repeating: "b", count: 71)),
            ("boundary with a bad character", good, "multipart/form-data; boundary=a<b"),
            ("unterminated quote", good, "multipart/form-data; boundary=\"abc"),
            ("boundary twice", good, "\(Self.contentType); boundary=other"),
            ("another boundary", good, "multipart/form-data; boundary=other"),
            ("empty body", [], Self.contentType),
            ("preamble", Array("hello\r\n".utf8) + good, Self.contentType),
            ("no close delimiter", Array(good.dropLast(4)), Self.contentType),
            (
                "LF line endings",
                Array(
                    String(decoding: good, as: UTF8.self)
                        .replacingOccurrences(of: "\r\n", with: "\n").utf8), Self.contentType
            ),
            ("no Content-Disposition", Self.body([(["Content-Type: text/plain"], [1])]), Self.contentType),
            (
                "two Content-Dispositions",
                Self.body([
                    (
                        [
                            "Content-Disposition: form-data; name=a",
                            "Content-Disposition: form-data; name=b",
                        ], [1]
                    )
                ]), Self.contentType
            ),
            ("not form-data", Self.body([(["Content-Disposition: attachment; name=a"], [1])]), Self.contentType),
            ("no name", Self.body([(["Content-Disposition: form-data; filename=\"a.png\""], [1])]), Self.contentType),
            ("name twice", Self.body([(["Content-Disposition: form-data; name=a; name=b"], [1])]), Self.contentType),
            (
                "parameter without a value", Self.body([(["Content-Disposition: form-data; name"], [1])]),
                Self.contentType
            ),
            (
                "unescaped quote", Self.body([(["Content-Disposition: form-data; name=\"a\"b\""], [1])]),
                Self.contentType
            ),
            (
                "header without a colon", Self.body([(["Content-Disposition form-data; name=a"], [1])]),
                Self.contentType
            ),
            ("folded header", Self.body([(["Content-Disposition: form-data;", " name=a"], [1])]), Self.contentType),
            (
                "header too long",
                Self.body([
                    (
                        [
                            "Content-Disposition: form-data; name=a",
                            "X-Long: " + String(repeating: "y", count: 9000),
                        ], [1]
                    )
                ]),
                Self.contentType
            ),
            (
                "too many header lines",
                Self.body([
                    (
                        ["Content-Disposition: form-data; name=a"]
                            + (0..<20).map { "X-\($0): 1" }, [1]
                    )
                ]), Self.contentType
            ),
            (
                "base64 transfer encoding",
                Self.body([
                    (
                        [
                            "Content-Disposition: form-data; name=a",
                            "Content-Transfer-Encoding: base64",
                        ], Array("MQ==".utf8)
                    )
                ]),
                Self.contentType
            ),
            (
                "field not UTF-8", Self.body([(["Content-Disposition: form-data; name=a"], [0xC3, 0x28])]),
                Self.contentType
            ),
            (
                "bad filename*", Self.body([(["Content-Disposition: form-data; name=a; filename*=latin1''%E9"], [1])]),
                Self.contentType
            ),
            ("garbage after a boundary", Array("--\(Self.boundary)xyz\r\n".utf8) + good, Self.contentType),
            (
                "too many parts", Self.body((0...MultipartForm.maximumParts).map { Self.field("f\($0)", "v") }),
                Self.contentType
            ),
            (
                "too large", Self.body([Self.file("big", "big.png", [UInt8](repeating: 7, count: MultipartForm.maximumBytes))]),
                Self.contentType
            ),
        ]
        for (name, body, type) in cases {
            let message = refusal(body, contentType: type)
            #expect(message != nil, "\(name) was accepted")
            #expect(
                message?.hasPrefix("unexpected") != true && message?.hasPrefix("not invalid") != true,
                "\(name): \(message ?? "")")
        }
    }

    /// Every truncation of a valid form, and thousands of random mutations of it, either parse or are refused
    /// with `DoableError.invalid`: never a crash, a hang or another error. A truncation parses only once it
    /// reaches the close delimiter.
    @Test func TASK11_fuzzedTruncationsAndMutationsAreRefusedCleanly() {
        let body = Self.body(
            [
                Self.field("_csrf", "abc"), Self.file("photos", "a.png", Self.awkward),
                (["Content-Disposition: form-data; name=\"photos\"; filename=\"\""], []),
                Self.file("photos", "b \\\"q\\\".gif", Array("GIF89a".utf8) + [13, 10, 45]),
                Self.field("back", "/tasks/1"),
            ], epilogue: "")
        var accepted = 0
        var refused = 0
        func check(_ bytes: [UInt8]) {
            switch refusal(bytes) {
            case nil: accepted += 1
            case let message?:
                refused += 1
                #expect(!message.hasPrefix("unexpected") && !message.hasPrefix("not invalid"), "\(message)")
            }
        }
        for length in 0..<body.count {
            let before = accepted
            check(Array(body.prefix(length)))
            #expect(accepted == before, "a truncation to \(length) of \(body.count) bytes was accepted")
        }
        check(body)
        #expect(accepted == 1)
        var random = SplitMix(seed: 0x7A5C11)
        let interesting: [UInt8] = [13, 10, 45, 34, 59, 61, 58, 92, 37, 0, 255, 32]
        for _ in 0..<5_000 {
            var mutated = body
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<mutated.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: mutated[index] = interesting.randomElement(using: &random) ?? 0
                case 1: mutated[index] = UInt8.random(in: 0...255, using: &random)
                case 2: mutated.remove(at: index)
                default: mutated.insert(interesting.randomElement(using: &random) ?? 0, at: index)
                }
                if mutated.isEmpty { break }
            }
            check(Array(mutated.prefix(Int.random(in: 0...mutated.count, using: &random))))
            check(mutated)
        }
        print("Multipart fuzz: \(accepted) accepted, \(refused) refused")
        #expect(accepted + refused == body.count + 1 + 10_000)
    }
}
