#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work spread over threads, results handed back in input order as soon as each is ready.
///
/// `check` and `mutate` replay independent scenarios: each worker takes the next index, and the
/// caller's thread receives result 0, 1, 2, … in order, so what is printed never depends on which
/// thread finished first, and a long run still prints as it goes (result `i` waits only for those
/// before it). Threads are POSIX threads: the tools avoid Foundation and Dispatch, and a fixed pool
/// is all this needs.
public enum OrderedParallel {
    /// Upper bound on worker threads, whatever the machine or the option says.
    public static let maxJobs = 64

    /// The number of online processors (at least 1, at most `maxJobs`).
    public static var processorCount: Int {
        let n = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        return min(max(n, 1), maxJobs)
    }

    /// Computes `work(i)` for every `i` in `0..<count` on up to `jobs` threads and calls `deliver(i,
    /// result)` on the calling thread in increasing `i`. With `jobs <= 1` (or one item) everything runs
    /// on the calling thread, in order, with no threads started.
    public static func run<T: Sendable>(count: Int, jobs: Int, work: @escaping @Sendable (Int) -> T,
                                        deliver: (Int, T) -> Void) {
        precondition(count >= 0, "count must not be negative")
        let threads = min(max(jobs, 1), maxJobs, count)
        guard threads > 1 else {
            for i in 0..<count { deliver(i, work(i)) }
            return
        }
        let pool = Pool<T>(count: count, work: work)
        var ids: [pthread_t] = []
        for _ in 0..<threads {
            let context = Unmanaged.passRetained(pool).toOpaque()
            #if canImport(Darwin)
            var id: pthread_t? = nil
            #else
            var id = pthread_t()
            #endif
            let status = pthread_create(&id, nil, { raw in
                #if canImport(Darwin)
                let pool = Unmanaged<AnyPool>.fromOpaque(raw).takeRetainedValue()
                #else
                let pool = Unmanaged<AnyPool>.fromOpaque(raw!).takeRetainedValue()
                #endif
                pool.workLoop()
                return nil
            }, context)
            if status != 0 {
                // No thread: take back the reference and let the threads already started (or this
                // thread, below) do the work.
                Unmanaged<Pool<T>>.fromOpaque(context).release()
                break
            }
            #if canImport(Darwin)
            ids.append(id!)
            #else
            ids.append(id)
            #endif
        }
        if ids.isEmpty {
            // Threads could not be created at all: do it here, in order.
            pool.workLoop()
        }
        for i in 0..<count { deliver(i, pool.wait(for: i)) }
        for id in ids { pthread_join(id, nil) }
    }

    /// The type-erased part a C thread entry point can call.
    class AnyPool {
        func workLoop() {}
    }

    /// Shared state: the next index to hand out and the finished results, under one mutex.
    final class Pool<T: Sendable>: AnyPool, @unchecked Sendable {
        // @unchecked: every field below is read and written only with `mutex` held.
        // Allocated, not stored inline: a pthread mutex must not move, and `&property` on a class
        // gives no stable address.
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let ready = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var next = 0
        private var results: [T?]
        private let work: @Sendable (Int) -> T

        init(count: Int, work: @escaping @Sendable (Int) -> T) {
            results = Array(repeating: nil, count: count)
            self.work = work
            super.init()
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(ready, nil)
        }

        deinit {
            pthread_cond_destroy(ready)
            pthread_mutex_destroy(mutex)
            ready.deallocate()
            mutex.deallocate()
        }

        override func workLoop() {
            while true {
                pthread_mutex_lock(mutex)
                let i = next
                if i < results.count { next += 1 }
                pthread_mutex_unlock(mutex)
                guard i < results.count else { return }
                let value = work(i)
                pthread_mutex_lock(mutex)
                results[i] = value
                pthread_cond_broadcast(ready)
                pthread_mutex_unlock(mutex)
            }
        }

        /// Blocks until result `i` is in, then hands it over (and frees its slot).
        func wait(for i: Int) -> T {
            pthread_mutex_lock(mutex)
            while results[i] == nil { pthread_cond_wait(ready, mutex) }
            let value = results[i]!
            results[i] = nil
            pthread_mutex_unlock(mutex)
            return value
        }
    }
}
