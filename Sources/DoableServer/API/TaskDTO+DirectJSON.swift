import DoableAPI
import DoableCore

extension TaskDTO: DirectJSONEncodable {
    /// The same members, in the same order, as the synthesized `Encodable` conformance.
    func writeJSON(to writer: JSONByteWriter) {
        writer.raw("{\"id\":")
        writer.writeText(id)
        writer.raw(",\"listId\":")
        writer.writeText(listId)
        writer.raw(",\"parentId\":")
        writer.writeOptionalText(parentId)
        writer.raw(",\"title\":")
        writer.writeString(title)
        writer.raw(",\"notes\":")
        writer.writeString(notes)
        writer.raw(",\"status\":")
        writer.writeString(status.rawValue)
        writer.raw(",\"priority\":")
        writer.writeString(priority.rawValue)
        writer.raw(",\"due\":")
        writer.writeOptionalText(due)
        writer.raw(",\"start\":")
        writer.writeOptionalText(start)
        writer.raw(",\"labelIds\":[")
        for (index, labelID) in labelIds.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.writeText(labelID)
        }
        writer.raw("],\"attachmentIds\":[")
        for (index, attachmentID) in attachmentIds.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.writeText(attachmentID)
        }
        writer.raw("],\"estimatedMinutes\":")
        writer.writeOptionalInt(estimatedMinutes)
        writer.raw(",\"category\":")
        if let category { writer.writeString(category.rawValue) } else { writer.writeNull() }
        writer.raw(",\"assigneeId\":")
        writer.writeOptionalText(assigneeId)
        writer.raw(",\"recurrence\":")
        if let recurrence { writer.writeString(recurrence) } else { writer.writeNull() }
        writer.raw(",\"recurrenceBasis\":")
        writer.writeString(recurrenceBasis.rawValue)
        writer.raw(",\"completedAt\":")
        writer.writeOptionalText(completedAt)
        writer.raw(",\"isOverdue\":")
        writer.writeBool(isOverdue)
        writer.raw(",\"progress\":{\"done\":")
        writer.writeInt(progress.done)
        writer.raw(",\"total\":")
        writer.writeInt(progress.total)
        writer.raw("},\"createdAt\":")
        writer.writeText(createdAt)
        writer.raw(",\"updatedAt\":")
        writer.writeText(updatedAt)
        writer.raw(",\"deletedAt\":")
        writer.writeOptionalText(deletedAt)
        writer.raw(",\"version\":")
        writer.writeInt(Int(version))
        writer.raw(",\"rank\":")
        writer.writeString(rank)
        if let reward, let bytes = try? StreamingJSONEncoder.encode(reward) {
            writer.raw(",\"reward\":")
            writer.bytes.append(contentsOf: bytes)
        }
        writer.raw("}")
    }
}

extension TaskPageDTO: DirectJSONEncodable {
    func writeJSON(to writer: JSONByteWriter) {
        writer.bytes.reserveCapacity(tasks.count * 600 + 32)
        writer.raw("{\"tasks\":[")
        for (index, task) in tasks.enumerated() {
            if index > 0 { writer.raw(",") }
            task.writeJSON(to: writer)
        }
        writer.raw("],\"nextOffset\":")
        writer.writeOptionalInt(nextOffset)
        writer.raw("}")
    }
}
