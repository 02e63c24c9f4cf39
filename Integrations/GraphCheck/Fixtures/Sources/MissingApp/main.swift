// graphcheck: root
import DIContainer
import MissingCore
import MissingFeature

let container = Container()
container.apply(CoreAssembly(), FeedAssembly())
let repository = try container.resolve(FeedRepository.self)
print(repository)
