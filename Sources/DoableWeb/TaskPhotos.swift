import DoableCore
import DoableDomain
import DoableArt

/// TASK-11 on the task page (VIEW-3): the "Photos" section. Thumbnails that open the photo itself, an upload form
/// (several files at once) and Delete (asked first) for the list's editors; a refused upload's message by the file
/// field. The forms are handled in `TasksWebController+Photos.swift`; the photos are served by `GET /attachments/{id}`.
struct TaskPhotos {
    let task: TaskItem
    let photos: [Attachment]
    let canEdit: Bool
    let time: MemberTime
    let csrf: HTML
    /// Why the last upload was refused (without the script: the page comes back with it).
    var error: String?

    /// The types the file picker offers; the server checks the bytes, whatever the name or the declared type. Image
    /// types only, so a phone offers its camera beside its gallery (and iOS hands over a HEIC photo as a JPEG). No
    /// `capture` on any chooser: it opens the camera alone, and a member could no longer pick a photo already taken.
    static let accept = ImageKind.allCases.map(\.mediaType).joined(separator: ",")
    /// What the chooser takes, in a few words; the exact limits are named when a photo goes over them.
    static let rules = "JPEG, PNG, GIF or WebP, up to 64 KB each."

    /// A form's chosen files (a task's or a posting's), each checked as the Domain will (`ImageKind`), its name
    /// leading the message when one is refused. A photo over the limit mostly comes from a form sent without the
    /// script (photofit.js makes each photo it can draw fit before sending), so that refusal says so.
    static func check(_ files: [MultipartFile]) throws {
        for file in files {
            do {
                _ = try ImageKind.validated(file.bytes, field: "photos")
            } catch DoableError.invalid(let field, var message) {
                if file.bytes.count > ImageKind.maximumBytes { message += " " + scalingHint }
                if !file.filename.isEmpty { message = "“\(file.filename.prefix(80))”: \(message)" }
                throw DoableError.invalid(field: field, message: message)
            }
        }
    }

    /// What the script would have done with a photo over the limit (issue 30).
    static let scalingHint = "Doable scales photos for you when JavaScript is on."

    var html: HTML {
        let back = "/tasks/\(task.id)#photos"
        let count: HTML =
            photos.isEmpty
            ? ""
            : " <span class=\"progress\">\(photos.count) of \(ImageKind.maximumPerItem)</span>"
        let list: HTML =
            photos.isEmpty
            ? "<p class=\"empty-state photos-empty\">No photos yet.</p>"
            : "<ul class=\"photo-grid\">\(photos.enumerated().html { row($0.element, number: $0.offset + 1, back: back) })</ul>"
        return """
            <section aria-labelledby="photos-heading" id="photos" class="task-photos">
            <h2 id="photos-heading">Photos\(count)</h2>
            \(list)
            \(canEdit ? upload(back: back) : "")
            </section>
            """
    }

    private func row(_ photo: Attachment, number: Int, back: String) -> HTML {
        let name = "Photo \(number) of \(photos.count)"
        let added = "added \(time.ago(photo.createdAt))"
        let delete: HTML =
            canEdit
            ? """
            <form method="post" action="/attachments/\(photo.id)/delete" class="inline-form photo-delete" data-inplace data-confirm="Delete \(name.lowercasedFirst)? It is removed for everyone who can see this task, with no undo.">\(csrf)<input type="hidden" name="back" value="\(back)">\
            <button type="submit" class="button quiet-danger" aria-label="Delete \(name.lowercasedFirst)">Delete</button></form>
            """ : ""
        return """
            <li class="photo" id="photo-\(photo.id)">
            <a class="photo-open" href="/attachments/\(photo.id)" aria-label="Open \(name.lowercasedFirst) (\(added))">\
            <img src="/attachments/\(photo.id)" alt="\(task.title): \(name.lowercasedFirst), \(added)" loading="lazy" decoding="async" width="120" height="120"></a>
            \(delete)
            </li>
            """
    }

    private func upload(back: String) -> HTML {
        guard photos.count < ImageKind.maximumPerItem else {
            return "<p class=\"hint\">This task has \(ImageKind.maximumPerItem) photos, the most it can have: delete one to add another.</p>"
        }
        let describedBy = "photo-files-hint" + (error == nil ? "" : " photo-files-error")
        let invalid: HTML = error == nil ? "" : " aria-invalid=\"true\""
        return """
            <form method="post" action="/tasks/\(task.id)/photos" enctype="multipart/form-data" class="photo-upload" id="photo-upload" data-inplace>\(csrf)<input type="hidden" name="back" value="\(back)">
            <div class="field\(error == nil ? "" : " has-error")">
            <label for="photo-files">Add photos</label>
            <p class="hint" id="photo-files-hint">\(Self.rules)</p>
            <input type="file" id="photo-files" name="photos" accept="\(Self.accept)" multiple data-max-bytes="\(ImageKind.maximumBytes)" data-max-count="\(ImageKind.maximumPerItem - photos.count)" aria-describedby="\(describedBy)"\(invalid)>
            \(error.map { HTML("<p class=\"field-error\" id=\"photo-files-error\" role=\"alert\">\($0)</p>") })
            </div>
            <button type="submit" class="button">Upload photos</button>
            </form>
            """
    }
}
