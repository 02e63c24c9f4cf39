import Dependencies

// swift-dependencies' registrations for the benchmark's services and the 10-level chain, written
// by hand in its documented form: one `DependencyKey` per dependency and a `DependencyValues`
// property for its key path (no macros). It has no transient lifetime: a service built anew on
// every read is a dependency whose value is a factory closure (`makeLogger`), and a factory's
// dependencies are read with `@Dependency` when it runs, so overrides in scope apply to them.

/// The one `Settings`: a live value is built once per process, like a singleton.
enum SettingsKey: DependencyKey {
    static let liveValue: any Settings = AppSettings()
}

/// Builds a new `Logging` on each call: swift-dependencies' form of a transient service.
enum MakeLoggerKey: DependencyKey {
    static let liveValue: @Sendable () -> any Logging = { PrintLogger() }
}

/// Builds a new `Greeting` with a new `Logging` from `makeLogger`.
enum MakeGreetingKey: DependencyKey {
    static let liveValue: @Sendable () -> any Greeting = {
        @Dependency(\.makeLogger) var makeLogger
        return Greeter(logger: makeLogger())
    }
}

/// Builds a new main-actor `ProfileModel` on a new `Logging`.
enum MakeProfileModelKey: DependencyKey {
    static let liveValue: @MainActor @Sendable () -> ProfileModel = {
        @Dependency(\.makeLogger) var makeLogger
        return ProfileModel(logger: makeLogger())
    }
}

/// Builds a new `Counting` from a runtime argument and a new `Logging`.
enum MakeCounterKey: DependencyKey {
    static let liveValue: @Sendable (Int) -> any Counting = { start in
        @Dependency(\.makeLogger) var makeLogger
        return Counter(logger: makeLogger(), start: start)
    }
}

/// Builds the bottom of the 10-level chain.
enum MakeLevel0Key: DependencyKey {
    static let liveValue: @Sendable () -> Level0 = { Level0() }
}

/// Builds level 1 of the chain on a new level 0.
enum MakeLevel1Key: DependencyKey {
    static let liveValue: @Sendable () -> Level1 = {
        @Dependency(\.makeLevel0) var makeLevel0
        return Level1(previous: makeLevel0())
    }
}

/// Builds level 2 of the chain on a new level 1.
enum MakeLevel2Key: DependencyKey {
    static let liveValue: @Sendable () -> Level2 = {
        @Dependency(\.makeLevel1) var makeLevel1
        return Level2(previous: makeLevel1())
    }
}

/// Builds level 3 of the chain on a new level 2.
enum MakeLevel3Key: DependencyKey {
    static let liveValue: @Sendable () -> Level3 = {
        @Dependency(\.makeLevel2) var makeLevel2
        return Level3(previous: makeLevel2())
    }
}

/// Builds level 4 of the chain on a new level 3.
enum MakeLevel4Key: DependencyKey {
    static let liveValue: @Sendable () -> Level4 = {
        @Dependency(\.makeLevel3) var makeLevel3
        return Level4(previous: makeLevel3())
    }
}

/// Builds level 5 of the chain on a new level 4.
enum MakeLevel5Key: DependencyKey {
    static let liveValue: @Sendable () -> Level5 = {
        @Dependency(\.makeLevel4) var makeLevel4
        return Level5(previous: makeLevel4())
    }
}

/// Builds level 6 of the chain on a new level 5.
enum MakeLevel6Key: DependencyKey {
    static let liveValue: @Sendable () -> Level6 = {
        @Dependency(\.makeLevel5) var makeLevel5
        return Level6(previous: makeLevel5())
    }
}

/// Builds level 7 of the chain on a new level 6.
enum MakeLevel7Key: DependencyKey {
    static let liveValue: @Sendable () -> Level7 = {
        @Dependency(\.makeLevel6) var makeLevel6
        return Level7(previous: makeLevel6())
    }
}

/// Builds level 8 of the chain on a new level 7.
enum MakeLevel8Key: DependencyKey {
    static let liveValue: @Sendable () -> Level8 = {
        @Dependency(\.makeLevel7) var makeLevel7
        return Level8(previous: makeLevel7())
    }
}

/// Builds level 9 of the chain on a new level 8.
enum MakeLevel9Key: DependencyKey {
    static let liveValue: @Sendable () -> Level9 = {
        @Dependency(\.makeLevel8) var makeLevel8
        return Level9(previous: makeLevel8())
    }
}

extension DependencyValues {
    /// The one `Settings`: a live value is built once per process, like a singleton.
    var settings: any Settings {
        get { self[SettingsKey.self] }
        set { self[SettingsKey.self] = newValue }
    }

    /// Builds a new `Logging` on each call: swift-dependencies' form of a transient service.
    var makeLogger: @Sendable () -> any Logging {
        get { self[MakeLoggerKey.self] }
        set { self[MakeLoggerKey.self] = newValue }
    }

    /// Builds a new `Greeting` with a new `Logging` from `makeLogger`.
    var makeGreeting: @Sendable () -> any Greeting {
        get { self[MakeGreetingKey.self] }
        set { self[MakeGreetingKey.self] = newValue }
    }

    /// Builds a new main-actor `ProfileModel` on a new `Logging`.
    var makeProfileModel: @MainActor @Sendable () -> ProfileModel {
        get { self[MakeProfileModelKey.self] }
        set { self[MakeProfileModelKey.self] = newValue }
    }

    /// Builds a new `Counting` from a runtime argument and a new `Logging`.
    var makeCounter: @Sendable (Int) -> any Counting {
        get { self[MakeCounterKey.self] }
        set { self[MakeCounterKey.self] = newValue }
    }

    /// Builds the bottom of the 10-level chain.
    var makeLevel0: @Sendable () -> Level0 {
        get { self[MakeLevel0Key.self] }
        set { self[MakeLevel0Key.self] = newValue }
    }

    /// Builds level 1 of the chain on a new level 0.
    var makeLevel1: @Sendable () -> Level1 {
        get { self[MakeLevel1Key.self] }
        set { self[MakeLevel1Key.self] = newValue }
    }

    /// Builds level 2 of the chain on a new level 1.
    var makeLevel2: @Sendable () -> Level2 {
        get { self[MakeLevel2Key.self] }
        set { self[MakeLevel2Key.self] = newValue }
    }

    /// Builds level 3 of the chain on a new level 2.
    var makeLevel3: @Sendable () -> Level3 {
        get { self[MakeLevel3Key.self] }
        set { self[MakeLevel3Key.self] = newValue }
    }

    /// Builds level 4 of the chain on a new level 3.
    var makeLevel4: @Sendable () -> Level4 {
        get { self[MakeLevel4Key.self] }
        set { self[MakeLevel4Key.self] = newValue }
    }

    /// Builds level 5 of the chain on a new level 4.
    var makeLevel5: @Sendable () -> Level5 {
        get { self[MakeLevel5Key.self] }
        set { self[MakeLevel5Key.self] = newValue }
    }

    /// Builds level 6 of the chain on a new level 5.
    var makeLevel6: @Sendable () -> Level6 {
        get { self[MakeLevel6Key.self] }
        set { self[MakeLevel6Key.self] = newValue }
    }

    /// Builds level 7 of the chain on a new level 6.
    var makeLevel7: @Sendable () -> Level7 {
        get { self[MakeLevel7Key.self] }
        set { self[MakeLevel7Key.self] = newValue }
    }

    /// Builds level 8 of the chain on a new level 7.
    var makeLevel8: @Sendable () -> Level8 {
        get { self[MakeLevel8Key.self] }
        set { self[MakeLevel8Key.self] = newValue }
    }

    /// Builds level 9 of the chain on a new level 8.
    var makeLevel9: @Sendable () -> Level9 {
        get { self[MakeLevel9Key.self] }
        set { self[MakeLevel9Key.self] = newValue }
    }
}
