@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Testing

/// TASK-12: comment text is escaped, and only http(s) addresses become links.
@Suite struct TextLinksTests {
    private func html(_ text: String) -> String { TextLinks.html(text).markup }

    @Test func TASK12_plainTextIsEscaped() {
        #expect(
            html("<script>alert('x')</script> & \"quotes\"")
                == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;")
        #expect(html("") == "")
    }

    @Test func TASK12_httpAndHttpsAddressesBecomeLinksThatOpenSafely() {
        #expect(
            html("See https://example.com/a?b=1&c=2 now") == "See <a href=\"https://example.com/a?b=1&amp;c=2\" "
                + "rel=\"noopener noreferrer nofollow\">https://example.com/a?b=1&amp;c=2</a> now")
        #expect(html("HTTP://EXAMPLE.ORG").contains("<a href=\"HTTP://EXAMPLE.ORG\""))
        #expect(html("http://example.org\nnext line").hasSuffix("</a>\nnext line"))
    }

    @Test func TASK12_otherSchemesStayText() {
        for text in [
            "javascript:alert(1)", "data:text/html,<b>x</b>", "ftp://example.com", "mailto:a@example.com",
            "https://", "https:// example.com", "xhttps://example.com", "https://\"onmouseover=alert(1)",
        ] {
            #expect(!html(text).contains("<a "), "\(text)")
        }
    }

    @Test func TASK12_punctuationAroundAnAddressIsNotPartOfIt() {
        #expect(html("Read https://example.com/x.").hasSuffix(">https://example.com/x</a>."))
        #expect(html("(see https://example.com/y)").hasSuffix(">https://example.com/y</a>)"))
        #expect(
            html("https://en.wikipedia.org/wiki/Swift_(programming_language)")
                .contains(">https://en.wikipedia.org/wiki/Swift_(programming_language)</a>"))
        #expect(html("\"https://example.com/q\"").hasSuffix("</a>&quot;"))
    }

    @Test func TASK12_markupInsideAnAddressCannotEscapeTheAttribute() {
        let result = html("https://example.com/<img src=x onerror=alert(1)>")
        #expect(!result.contains("<img"))
        #expect(result.contains("<a href=\"https://example.com/\" rel=\"noopener noreferrer nofollow\">"))
        let quoted = html("https://example.com/'onmouseover='alert(1)")
        #expect(!quoted.contains("'onmouseover"))
    }
}
