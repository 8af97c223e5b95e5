public import Foundation

extension TodoTimes {
    /// The times of a VTODO as RFC 4791 §9.9 reads them; whole days and floating values in `floatingZone`, TZIDs in
    /// their zone (the calendar's VTIMEZONEs included). An unreadable value counts as absent.
    public init(todo: ICalComponent, in calendar: ICalComponent?, floatingZone: TimeZone) {
        self.init(todo: todo, reader: ICalDateReader(calendar: calendar, floatingZone: floatingZone))
    }

    init(todo: ICalComponent, reader: ICalDateReader) {
        self.init(
            start: todo.property("DTSTART").flatMap(reader.moment),
            due: todo.property("DUE").flatMap(reader.moment),
            duration: todo.property("DURATION").flatMap { ICalDateValue.durationSeconds($0.value) },
            completed: todo.property("COMPLETED").flatMap(reader.moment),
            created: todo.property("CREATED").flatMap(reader.moment))
    }

    /// The same times moved by `milliseconds` (an occurrence of a repeating task: its start and due move together).
    func shifted(by milliseconds: Int64) -> TodoTimes {
        var times = self
        times.start = start.map { Timestamp(milliseconds: $0.milliseconds &+ milliseconds) }
        times.due = due.map { Timestamp(milliseconds: $0.milliseconds &+ milliseconds) }
        return times
    }
}
