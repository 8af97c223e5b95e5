import DoableAPI
import DoableContractMapping
import DoableCore
public import DoableHTTP

extension TaskDTO: DirectJSONEncodable {
    /// The same members, in the same order, as the `Encodable` conformance: the record's, then the answer's own.
    func writeJSON(to writer: JSONByteWriter) {
        writer.raw("{\"id\":")
        writer.writeText(record.id)
        writer.raw(",\"listId\":")
        writer.writeText(record.listId)
        writer.raw(",\"parentId\":")
        writer.writeOptionalText(record.parentId)
        writer.raw(",\"title\":")
        writer.writeString(record.title)
        writer.raw(",\"notes\":")
        writer.writeString(record.notes)
        writer.raw(",\"status\":")
        writer.writeString(record.status.rawValue)
        writer.raw(",\"priority\":")
        writer.writeString(record.priority.rawValue)
        writer.raw(",\"due\":")
        writer.writeOptionalText(record.due)
        writer.raw(",\"start\":")
        writer.writeOptionalText(record.start)
        writer.raw(",\"labelIds\":[")
        for (index, labelID) in record.labelIds.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.writeText(labelID)
        }
        writer.raw("],\"estimatedMinutes\":")
        writer.writeOptionalInt(record.estimatedMinutes)
        writer.raw(",\"category\":")
        if let category = record.category { writer.writeString(category.rawValue) } else { writer.writeNull() }
        writer.raw(",\"assigneeId\":")
        writer.writeOptionalText(record.assigneeId)
        writer.raw(",\"recurrence\":")
        if let recurrence = record.recurrence { writer.writeString(recurrence) } else { writer.writeNull() }
        writer.raw(",\"recurrenceBasis\":")
        writer.writeString(record.recurrenceBasis.rawValue)
        writer.raw(",\"completedAt\":")
        writer.writeOptionalText(record.completedAt)
        writer.raw(",\"createdAt\":")
        writer.writeText(record.createdAt)
        writer.raw(",\"updatedAt\":")
        writer.writeText(record.updatedAt)
        writer.raw(",\"deletedAt\":")
        writer.writeOptionalText(record.deletedAt)
        writer.raw(",\"version\":")
        writer.writeInt(Int(record.version))
        writer.raw(",\"rank\":")
        writer.writeString(record.rank)
        writer.raw(",\"attachmentIds\":[")
        for (index, attachmentID) in attachmentIds.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.writeText(attachmentID)
        }
        writer.raw("],\"isOverdue\":")
        writer.writeBool(isOverdue)
        writer.raw(",\"progress\":{\"done\":")
        writer.writeInt(progress.done)
        writer.raw(",\"total\":")
        writer.writeInt(progress.total)
        writer.raw("}")
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
