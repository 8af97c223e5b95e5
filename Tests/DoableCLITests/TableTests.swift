import DoableCLI
import Testing

@Suite struct TableTests {
    let color = Style(isEnabled: true)

    /// The text a terminal shows: escape sequences removed.
    func visible(_ text: String) -> String {
        text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }

    @Test func columnsAlignAndLinesHaveNoTrailingSpaces() {
        var table = Table(columns: [.init(), .init(.right), .init()])
        table.append(["a", "1", "first"])
        table.append(["longer", "100", "x"])
        #expect(
            table.render() == [
                "a         1  first",
                "longer  100  x",
            ])
    }

    @Test func colourTakesNoRoom() {
        var table = Table(columns: [.init(), .init()])
        table.append([color.red("ab"), "end"])
        table.append(["abcd", "end"])
        let lines = table.render().map(visible)
        #expect(lines == ["ab    end", "abcd  end"])
    }

    @Test func wideAndCombiningCharactersAreMeasuredAsShown() {
        #expect(Table.displayWidth("日本") == 4)
        #expect(Table.displayWidth("👍") == 2)
        #expect(Table.displayWidth("e\u{301}") == 1)
        #expect(Table.displayWidth(color.bold("✓ done")) == 6)
    }

    @Test func aColumnEmptyEverywhereTakesNoRoom() {
        var table = Table(columns: [.init(), .init(), .init()])
        table.append(["a", "", "b"])
        #expect(table.render() == ["a  b"])
    }

    @Test func theFlexibleColumnShrinksToTheWidth() {
        var table = Table(columns: [.init(), .init(isFlexible: true), .init()])
        table.append(["id", "a very long title that does not fit", "today"])
        let lines = table.render(maxWidth: 30)
        #expect(lines == ["id  a very long title…   today"])
        #expect(Table.displayWidth(lines[0]) <= 30)
    }

    @Test func truncationKeepsColourCodes() {
        let cut = Table.truncate(color.red("abcdef"), to: 4)
        #expect(cut == "\u{1B}[31mabc…\u{1B}[0m")
        #expect(Table.truncate("abc", to: 4) == "abc")
    }
}

@Suite struct StyleTests {
    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(Style.resolve(noColorFlag: false, environment: [:], isTerminal: true).isEnabled)
        #expect(!Style.resolve(noColorFlag: false, environment: [:], isTerminal: false).isEnabled)
        #expect(!Style.resolve(noColorFlag: true, environment: [:], isTerminal: true).isEnabled)
        // NO_COLOR counts whatever its value, even empty (https://no-color.org).
        #expect(!Style.resolve(noColorFlag: false, environment: ["NO_COLOR": ""], isTerminal: true).isEnabled)
    }

    @Test func plainStyleLeavesTextAlone() {
        #expect(Style.plain.red("x") == "x")
        #expect(Style(isEnabled: true).red("") == "")
    }
}

@Suite struct IDPrefixTests {
    @Test func eightCharactersWhenTheyTellIdsApart() {
        let ids = ["0192f7a3-aaaa", "0192f7b4-bbbb"]
        #expect(IDPrefix.length(for: ids, among: ids) == 8)
    }

    @Test func longerWhereIdsShareMore() {
        let ids = ["0192f7a3-1aaa", "0192f7a3-1abb", "0192f7b4-bbbb"]
        #expect(IDPrefix.length(for: ids, among: ids) == 12)
        // Only the shown ids count: the far one alone needs no more than 8.
        #expect(IDPrefix.length(for: ["0192f7b4-bbbb"], among: ids) == 8)
    }
}

@Suite struct ProgressLineTests {
    @Test func aBarWhenTheTotalIsKnown() {
        let line = ProgressLine.render(label: "Sending changes", done: 50, total: 100, width: 80)
        #expect(line.hasPrefix("Sending changes  ["))
        #expect(line.hasSuffix("]  50/100"))
        #expect(line.filter { $0 == "█" }.count == line.filter { $0 == "░" }.count)
    }

    @Test func aCountWhenItIsNot() {
        #expect(ProgressLine.render(label: "Receiving", done: 1200, total: nil, width: 80) == "Receiving…  1200")
    }
}
