import DoableCore
import Foundation
import Testing

/// GAME-3: a store item's drawing is shapes only; nothing in it can run or fetch.
@Suite("SVG fragments")
struct SVGFragmentTests {
    static let valid = """
        <defs>
          <linearGradient id="shine" x1="0" y1="0" x2="0" y2="1" gradientUnits='objectBoundingBox'>
            <stop offset="0%" stop-color="#fde68a"/>
            <stop offset="100%" stop-color="#f59e0b" stop-opacity="0.8"/>
          </linearGradient>
        </defs>
        <g transform="translate(10 20) rotate(-15)" opacity=".9">
          <path d="M35 40 L50 5 L65 40 Z" fill="url(#shine)" stroke="rgb(120, 53, 15)" stroke-width="1.5"
                stroke-linejoin="round" fill-rule="evenodd"/>
          <circle cx="50" cy="5" r="3" fill="#e11d48"></circle>
          <ellipse cx="50" cy="42" rx="16" ry="2" fill="none" stroke="#78350f" stroke-opacity="0.5"/>
          <rect x="0" y="0" width="10" height="10" rx="2"/>
          <line x1="0" y1="0" x2="1e1" y2="-10" stroke-linecap="round"/>
          <polyline points="0,0 10,10 20,0"/>
          <polygon points="0 0 10 10 20 0" fill-opacity="0.3"/>
        </g>
        """

    static func refusal(_ text: String) -> String? {
        do {
            try SVGFragment.validate(text, field: "svg")
            return nil
        } catch let error as DoableError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func GAME3_shapesAreAccepted() throws {
        try SVGFragment.validate(Self.valid, field: "svg")
        try SVGFragment.validate("<g/>", field: "svg")
        try SVGFragment.validate("<radialGradient id='a_1'><stop offset='1'/></radialGradient>", field: "svg")
    }

    @Test func GAME3_errorsNameTheField() {
        let expected = DoableError.invalid("items.svg", "Element <script> is not allowed in a store item's drawing.")
        #expect(throws: expected) {
            try SVGFragment.validate("<script>alert(1)</script>", field: "items.svg")
        }
    }

    @Test(arguments: [
        ("", "The drawing must be 1 to 20,000 bytes of SVG shapes."),
        ("   \n ", "The drawing has no shapes."),
        ("<script>alert(1)</script>", "Element <script> is not allowed in a store item's drawing."),
        ("<svg><rect/></svg>", "Element <svg> is not allowed in a store item's drawing."),
        ("<foreignObject/>", "Element <foreignObject> is not allowed in a store item's drawing."),
        ("<image href='x.png'/>", "Element <image> is not allowed in a store item's drawing."),
        ("<use href='#a'/>", "Element <use> is not allowed in a store item's drawing."),
        ("<a><rect/></a>", "Element <a> is not allowed in a store item's drawing."),
        ("<Rect/>", "Element <Rect> is not allowed in a store item's drawing."),
        ("<svg:script/>", "Element <svg:script> is not allowed in a store item's drawing."),
        ("<rect onload=\"alert(1)\"/>", "Attribute onload is not allowed in a store item's drawing."),
        ("<rect ONCLICK='x'/>", "Attribute ONCLICK is not allowed in a store item's drawing."),
        ("<rect style=\"fill:red\"/>", "Attribute style is not allowed in a store item's drawing."),
        ("<g xlink:href=\"#a\"/>", "Attribute xlink:href is not allowed in a store item's drawing."),
        ("<g href=\"#a\"/>", "Attribute href is not allowed in a store item's drawing."),
        ("<!-- hi --><rect/>", "Comments are not allowed in a store item's drawing."),
        ("<![CDATA[x]]><rect/>", "CDATA sections are not allowed in a store item's drawing."),
        ("<!DOCTYPE svg><rect/>", "Declarations such as DOCTYPE are not allowed in a store item's drawing."),
        ("<?xml version=\"1.0\"?><rect/>", "Processing instructions are not allowed in a store item's drawing."),
        ("<g>hello</g>", "Text is not allowed in a store item's drawing, only shapes."),
        ("<g>&amp;</g>", "Entities such as &amp; are not allowed in a store item's drawing."),
        ("<g><rect></g>", "The closing tag </g> does not match <rect>."),
        ("<g>", "Element <g> is not closed."),
        ("</g>", "The closing tag </g> closes nothing."),
        ("<rect/></rect>", "The closing tag </rect> closes nothing."),
        ("<rect x=1/>", "The value of x must be in quotes."),
        ("<rect x=\"1/>", "The value of x is not closed."),
        ("<rect x=\"1\"y=\"2\"/>", "Attributes on <rect> must be separated by spaces."),
        ("<rect x=\"1\" x=\"2\"/>", "Attribute x appears twice on <rect>."),
        ("<rect x/>", "Attribute x needs a value."),
        ("<rect", "The drawing ends inside <rect>."),
        ("< rect/>", "A tag must start with an element name."),
        ("<rect fill=\"<\"/>", "The value of fill may not contain \"<\"."),
        ("<rect fill=\"&#x6a;\"/>", "The value of fill may not contain \"&\": entities are not allowed."),
        ("<rect fill=\"JavaScript:alert(1)\"/>", "The value of fill may not contain \"javascript:\"."),
        ("<rect fill=\"java script:x\"/>", "The value of fill may not contain \"javascript:\"."),
        ("<rect fill=\"expression(alert(1))\"/>", "The value of fill may not contain \"expression\"."),
        (
            "<rect fill=\"url(http://evil.example/x)\"/>",
            "The value of fill may only use url(#id), a gradient in the drawing."
        ),
        ("<rect fill=\"url(#a) url(data:x)\"/>", "The value of fill may only use url(#id), a gradient in the drawing."),
        ("<rect fill=\"url(#)\"/>", "The value of fill may only use url(#id), a gradient in the drawing."),
        ("<rect x=\"a\"/>", "The value of x may only hold a number, not \"a\"."),
        ("<path d=\"M0 0 onload=1\"/>", "The value of d may only hold numbers and path commands, not \"o\"."),
        ("<rect id=\"a=b\"/>", "The value of id may only hold letters, digits, - and _, not \"=\"."),
        ("<rect fill=\"\\75rl(x)\"/>", "The value of fill may only hold a colour, none, or url(#id), not \"\\\"."),
        ("<rect fill=\"ré\"/>", "The value of fill may only hold a colour, none, or url(#id), not a non-ASCII byte."),
    ])
    func GAME3_refusedWithAReason(_ text: String, _ message: String) {
        #expect(Self.refusal(text) == message)
    }

    @Test func GAME3_limits() throws {
        let big = "<rect/>" + String(repeating: " ", count: 20_000)
        #expect(Self.refusal(big) == "The drawing must be 1 to 20,000 bytes of SVG shapes.")
        try SVGFragment.validate(String(repeating: "<rect/>", count: 500), field: "svg")
        #expect(Self.refusal(String(repeating: "<rect/>", count: 501)) == "The drawing has more than 500 elements.")
        let sixteen = String(repeating: "<g>", count: 15) + "<rect/>" + String(repeating: "</g>", count: 15)
        try SVGFragment.validate(sixteen, field: "svg")
        let seventeen = String(repeating: "<g>", count: 16) + "<rect/>" + String(repeating: "</g>", count: 16)
        #expect(Self.refusal(seventeen) == "The drawing nests elements more than 16 deep.")
        let deepOpen = String(repeating: "<g>", count: 17) + String(repeating: "</g>", count: 17)
        #expect(Self.refusal(deepOpen) == "The drawing nests elements more than 16 deep.")
    }

    /// 10,000 random mutations of a valid drawing: none crashes, none with a script or an event handler passes.
    @Test func GAME3_fuzzedDrawingsNeverLetAScriptThrough() throws {
        var random = SplitMix64(seed: 2026)
        let snippets = [
            "<script>", "</script>", "<script/>", " onload=\"alert(1)\"", " onclick='x'", "onerror=",
            " on", "load=", "<", ">", "/>", "\"", "'", "=", "&", "&lt;", "<!--", "-->", "<![CDATA[",
            "<?", "<!DOCTYPE x>", "javascript:", "url(", "url(#a)", "expression(", "<g>", "</g>",
            "<rect/>", " href=\"#a\"", "xlink:", "\u{0}", "é", "\\", " ", "\n", "<SCRIPT ", "sCrIpT",
        ]
        let source = Array(Self.valid.utf8)
        var accepted = 0
        for _ in 0..<10_000 {
            var bytes = source
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0, 1:
                    let snippet = snippets[Int.random(in: 0..<snippets.count, using: &random)]
                    bytes.insert(contentsOf: Array(snippet.utf8), at: at)
                case 2:
                    let end = min(bytes.count, at + Int.random(in: 1...12, using: &random))
                    bytes.removeSubrange(at..<end)
                case 3:
                    bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
                default:
                    let end = min(bytes.count, at + Int.random(in: 1...40, using: &random))
                    let copyAt = Int.random(in: 0...bytes.count, using: &random)
                    bytes.insert(contentsOf: Array(bytes[at..<end]), at: copyAt)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard (try? SVGFragment.validate(text, field: "svg")) != nil else { continue }
            accepted += 1
            let lower = text.lowercased()
            #expect(!lower.contains("<script"), "\(text)")
            #expect(lower.range(of: #"on[a-z]*\s*="#, options: .regularExpression) == nil, "\(text)")
            #expect(!lower.contains("javascript:"), "\(text)")
            #expect(lower.range(of: #"href\s*="#, options: .regularExpression) == nil, "\(text)")
        }
        // Some mutations (a duplicated shape, extra spaces) stay valid: the fuzzing reaches both sides.
        #expect(accepted > 100)
    }
}
