import DoableCore
import DoableServer
import Foundation
import HTTPTypes
import Testing

/// INTEROP-5 in the browser: the Import and export page, a preview (dry run) of the chosen file, the import, and
/// the downloads. Plain multipart forms, so it all works without the page's script.
@Suite struct WebImportTests {
    static let csv = Array(
        """
        TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE
        task,Plan the garden @home,Raised beds,4,1,Ann (1),,2026-12-01,en,UTC
        task,Buy seeds,,3,2,Ann (1),,,en,UTC
        task,<b>Compost</b>,,1,1,Ann (1),,someday,en,UTC
        task,,,1,1,Ann (1),,,en,UTC

        """.utf8)

    func file(_ bytes: [UInt8] = csv, name: String = "garden.csv") -> FormFile {
        FormFile(field: "file", filename: name, type: "text/csv", bytes: bytes)
    }

    @Test func INTEROP5_theImportPageIsInTheSettingsWithTheExportLinks() async throws {
        try await TestServer().runWeb { web, _ in
            let signedOut = try await web.get("/import")
            #expect(signedOut.status == .seeOther && signedOut.location?.hasPrefix("/signin") == true)
            try await web.register("ann")
            let settings = try await web.get("/settings").body
            #expect(settings.contains("<a href=\"/import\">Import and export</a>"))
            let page = try await web.get("/import")
            #expect(page.status == .ok)
            #expect(page.body.contains("<form method=\"post\" action=\"/import/preview\" enctype=\"multipart/form-data\""))
            #expect(page.body.contains("<input type=\"file\" id=\"f-file\" name=\"file\""))
            #expect(page.body.contains("<label for=\"f-list\">Import into</label>"))
            #expect(page.body.contains("<option value=\"new\" selected>A new list</option>"))
            #expect(page.body.contains("aria-current=\"page\">Import and export</a>"))
            for format in ["json", "ics", "csv"] {
                #expect(page.body.contains("href=\"/settings/export?format=\(format)\" download"))
            }
            #expect(try await web.get("/settings/account").body.contains("/settings/export?format=csv"))
        }
    }

    @Test func INTEROP5_aPreviewShowsWhatWouldBeMadeAndSkippedThenTheImportCommits() async throws {
        try await TestServer().runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            let preview = try await web.postMultipart(
                "/import/preview",
                [
                    ("format", ""), ("list", "new"),
                    ("listName", "Garden"),
                ], files: [file()])
            #expect(preview.status == .ok, "\(preview.body.prefix(500))")
            let body = preview.body
            #expect(body.contains("3 tasks will be imported into a new list “Garden”, with 1 new label (home)."))
            #expect(body.contains("1 item not imported and 1 field left out (see below)."))
            #expect(body.contains("<th scope=\"row\">Plan the garden</th><td>2026-12-01</td><td>high</td><td>home</td>"))
            #expect(body.contains("<th scope=\"row\">Buy seeds</th><td></td><td>medium</td><td></td><td>Plan the garden</td>"))
            // Titles are text, never markup.
            #expect(body.contains("&lt;b&gt;Compost&lt;/b&gt;") && !body.contains("<b>Compost</b>"))
            #expect(body.contains("<td>Line 5</td><td></td><td>Not imported</td><td>The task has no title.</td>"))
            #expect(body.contains("<td>Line 4</td><td>&lt;b&gt;Compost&lt;/b&gt;</td><td>Its due date</td>"))
            #expect(body.contains("<button type=\"submit\" class=\"button primary\">Import 3 tasks</button>"))
            // Nothing is written by a preview.
            #expect(try await api.call(.get, "/api/v1/lists", token: token).array("lists").count == 1)

            let data = try #require(preview.hidden("data"))
            #expect(Data(base64Encoded: data).map(Array.init) == Self.csv)
            let done = try await web.postMultipart(
                "/import",
                [
                    ("data", data), ("filename", preview.hidden("filename") ?? ""),
                    ("format", try #require(preview.hidden("format"))), ("list", "new"), ("listName", "Garden"),
                ], files: [])
            #expect(done.status == .ok, "\(done.body.prefix(500))")
            #expect(done.body.contains("Imported 3 tasks into “Garden”, with 1 new label (home)."))
            let lists = try await api.call(.get, "/api/v1/lists", token: token).array("lists")
            let garden = try #require(lists.first { $0["name"] as? String == "Garden" }?["id"] as? String)
            #expect(done.body.contains("<a class=\"button primary\" href=\"/lists/\(garden)\">Open “Garden”</a>"))
            #expect(done.body.contains("<td>Line 5</td>"))
            let tasks = try await api.tasks(token, "list=\(garden)")
            #expect(Set(tasks.compactMap { $0["title"] as? String }) == ["Plan the garden", "Buy seeds", "<b>Compost</b>"])
            // The list page shows them, and the task's history says where it came from.
            let listPage = try await web.get("/lists/\(garden)").body
            #expect(listPage.contains("Plan the garden") && listPage.contains("Buy seeds"))
            let seeds = try #require(tasks.first { $0["title"] as? String == "Buy seeds" }?["id"] as? String)
            #expect(try await web.get("/tasks/\(seeds)").body.contains("imported this from Todoist"))
        }
    }

    @Test func INTEROP5_anExistingListIsChosenAndTheFormatCanBeNamed() async throws {
        try await TestServer().runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            let home = try await api.createList(token, "Home")
            let page = try await web.get("/import").body
            #expect(page.contains("<option value=\"\(home)\">Home</option>"))
            // A file without an extension: the chosen format decides.
            let preview = try await web.postMultipart(
                "/import/preview",
                [
                    ("format", "todoist"), ("list", home),
                    ("listName", ""),
                ],
                files: [file(name: "export")])
            #expect(preview.status == .ok)
            #expect(preview.body.contains("3 tasks will be imported into “Home”"))
            #expect(preview.body.contains("<option value=\"\(home)\" selected>Home</option>"))
            let done = try await web.postMultipart(
                "/import",
                [
                    ("data", preview.hidden("data") ?? ""), ("format", "todoist"), ("list", home), ("listName", ""),
                ], files: [])
            #expect(done.body.contains("Imported 3 tasks into “Home”"))
            #expect(try await api.tasks(token, "list=\(home)").count == 3)
        }
    }

    @Test func INTEROP5_refusalsShowByTheirFieldAndWriteNothing() async throws {
        try await TestServer().runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            let none = try await web.postMultipart("/import/preview", [("list", "new")], files: [])
            #expect(none.status == .badRequest)
            #expect(none.body.contains("<p class=\"field-error\" id=\"f-file-error\">Choose a file to import.</p>"))
            #expect(none.body.contains("aria-describedby=\"f-file-hint f-file-error\" aria-invalid=\"true\""))
            let notTodoist = try await web.postMultipart(
                "/import/preview", [("list", "new")], files: [file(Array("name,due\nMilk,today\n".utf8))])
            #expect(notTodoist.status == .badRequest)
            #expect(notTodoist.body.contains("id=\"f-file-error\">This is not a Todoist CSV export"))
            let unknown = try await web.postMultipart(
                "/import/preview", [("list", "new")],
                files: [file(Array("hello".utf8), name: "notes.txt")])
            #expect(unknown.status == .badRequest && unknown.body.contains("id=\"f-format-error\""))
            let longName = try await web.postMultipart(
                "/import", [("list", "new"), ("listName", String(repeating: "n", count: 51))], files: [file()])
            #expect(longName.status == .badRequest && longName.body.contains("id=\"f-listName-error\""))
            let stranger = try await web.postMultipart(
                "/import", [("list", UUID().uuidString.lowercased())],
                files: [file()])
            #expect(stranger.status == .notFound && stranger.body.contains("id=\"f-list-error\""))
            let forged = try await web.postMultipart("/import", [("list", "new")], files: [file()], csrf: "")
            #expect(forged.status == .forbidden)
            #expect(try await api.call(.get, "/api/v1/lists", token: token).array("lists").count == 1)
            #expect(try await api.tasks(token).isEmpty)
        }
    }

    @Test func INTEROP5_theBrowserExportDownloadsCSVAndICS() async throws {
        try await TestServer().runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            _ = try await api.createTask(token, ["title": "@mention, then =SUM(A1)"])
            let csv = try await web.bytes(.get, "/settings/export?format=csv")
            #expect(csv.status == .ok && csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"doable-tasks.csv\"")
            #expect(String(decoding: csv.bytes, as: UTF8.self).contains("\"'@mention, then =SUM(A1)\""))
            let ics = try await web.bytes(.get, "/settings/export?format=ics")
            #expect(ics.headers[.contentDisposition] == "attachment; filename=\"doable-tasks.ics\"")
            #expect(try await web.get("/settings/export?format=xml").status == .badRequest)
        }
    }
}
