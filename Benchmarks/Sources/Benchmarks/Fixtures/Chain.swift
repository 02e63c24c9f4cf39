// A 10-level chain: Level9 → Level8 → … → Level0, each level one class, each built by
// resolving the level below it (cases "10-level chain").

/// The bottom of the chain: no dependencies.
final class Level0: Sendable {
    init() {}
}

/// Level 1 of the chain: depends on level 0.
final class Level1: Sendable {
    let previous: Level0

    init(previous: Level0) {
        self.previous = previous
    }
}

/// Level 2 of the chain: depends on level 1.
final class Level2: Sendable {
    let previous: Level1

    init(previous: Level1) {
        self.previous = previous
    }
}

/// Level 3 of the chain: depends on level 2.
final class Level3: Sendable {
    let previous: Level2

    init(previous: Level2) {
        self.previous = previous
    }
}

/// Level 4 of the chain: depends on level 3.
final class Level4: Sendable {
    let previous: Level3

    init(previous: Level3) {
        self.previous = previous
    }
}

/// Level 5 of the chain: depends on level 4.
final class Level5: Sendable {
    let previous: Level4

    init(previous: Level4) {
        self.previous = previous
    }
}

/// Level 6 of the chain: depends on level 5.
final class Level6: Sendable {
    let previous: Level5

    init(previous: Level5) {
        self.previous = previous
    }
}

/// Level 7 of the chain: depends on level 6.
final class Level7: Sendable {
    let previous: Level6

    init(previous: Level6) {
        self.previous = previous
    }
}

/// Level 8 of the chain: depends on level 7.
final class Level8: Sendable {
    let previous: Level7

    init(previous: Level7) {
        self.previous = previous
    }
}

/// Level 9 of the chain: depends on level 8.
final class Level9: Sendable {
    let previous: Level8

    init(previous: Level8) {
        self.previous = previous
    }
}
