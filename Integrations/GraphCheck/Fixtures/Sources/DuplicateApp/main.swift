// graphcheck: root
import DIContainer
import DuplicateCore
import DuplicateFeature

let container = Container()
container.apply(CoreAssembly(), FeatureAssembly(), DebugAssembly())
print(try container.resolve((any Logger).self))
