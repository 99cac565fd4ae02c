import LockstepTools
import Platform

/// Hands `bench --images` the image kit's workloads (Platform's `ImageKitWorkload.standard`).
func installImageWorkloads() {
    BenchCommand.imageWorkloads = { quick in
        ImageKitWorkload.standard(quick: quick).map { workload in
            BenchWorkload(name: workload.name, megapixels: workload.megapixels, targetSeconds: workload.targetSeconds) {
                let body = try workload.prepare()
                return { try body() }
            }
        }
    }
}
