/// A frame of a thread's pool (`ThreadContext.makeFrame`) with the resolver its factories receive:
/// the frame as `any Resolver`, made once for all the steps that use the frame.
///
/// Passing a stored `let` existential to a factory takes no reference count; making one from the
/// frame for each call would cost a retain and a release per step. So `resolver` holds the frame
/// without a reference of its own (`init` gives back the one storing it took, `deinit` takes it
/// again before the property is destroyed), and `frame` is the pool's one reference: anything
/// that copies the resolver retains the frame, which `isFrameUnique` then sees (case 5 of
/// `Internal/README.md`).
final class PooledFrame {
    /// The pool's reference to the frame. Only the engine on the pool's thread touches it, and
    /// only for `isFrameUnique`: no dynamic exclusivity check is needed around that one load.
    @exclusivity(unchecked) private var frame: Frame
    /// `frame`, for the engine's uses while the step runs (the pool's reference keeps it).
    let frameReference: Unmanaged<Frame>
    /// `frame` as a resolver, holding no reference of its own.
    let resolver: any Resolver

    /// A pool's frame for the thread of `context`.
    init(context: ThreadContext) {
        let frame = Frame()
        frame.setContext(context)
        self.frame = frame
        frameReference = Unmanaged.passUnretained(frame)
        resolver = frame
        frameReference.release()
    }

    deinit {
        _ = frameReference.retain()
    }

    /// Whether nothing but the pool holds the frame: no factory kept its resolver, no `Lazy` or
    /// kept child step keeps it.
    var isFrameUnique: Bool {
        @inline(__always) get { isKnownUniquelyReferenced(&frame) }
    }
}
