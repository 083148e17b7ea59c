import Foundation
import XCTest

/// deploy/: the compose file against the Compose Specification's schema and the Kubernetes manifests
/// against the Kubernetes API's schemas (strict), again as `kubectl kustomize` builds them (one
/// namespace, the Ingress's TLS, upload size and stream timeouts), with what ties them to Reel (its
/// environment variables, /healthz and /readyz, a grace period that covers the drain, selectors, the
/// queued-jobs metric): `Tests/Deploy/validate_deploy.py`. The compose stack is also started for real,
/// outside XCTest (it needs root and a Docker engine of its own): scripts/compose_test.sh, run by
/// scripts/test.sh before the XCTest suites. No Kubernetes cluster runs here: its files are judged.
final class DeployTests: XCTestCase {
    func testComposeAndKubernetesFilesAreValidAndFitReel() throws {
        let (status, text) = try PythonClientTests.run(PythonClientTests.python,
                                                       [PythonClientTests.repo + "/Tests/Deploy/validate_deploy.py", PythonClientTests.repo])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("Kubernetes objects valid"), text)
        XCTAssertTrue(text.contains("kubectl kustomize: 8 objects valid"), text)
    }
}
