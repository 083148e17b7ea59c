import Foundation
@testable import ReelS3
import XCTest

/// The signer against AWS's published answers: cases of the Signature Version 4 test suite
/// (docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html, Apache-2.0; as collected in
/// the `aws-sig-v4-test-suite` package: canonical request, string to sign and signature of each), and
/// the two S3 examples of the S3 API reference ("Authenticating Requests: Using the Authorization
/// Header" and "… Using Query Parameters"). Each expected value below is copied from those pages.
final class SigV4Tests: XCTestCase {
    /// The suite's credentials and time: `AKIDEXAMPLE`, 2015-08-30 12:36:00 UTC, us-east-1, "service".
    let suite = SigV4(credentials: S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
                      region: "us-east-1", service: "service")
    let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)

    struct Case {
        let name: String
        let method: String
        let path: String
        let query: [(String, String)]
        let headers: [(String, String)]
        let canonical: String
        let signature: String
    }

    let cases = [
        Case(name: "get-vanilla", method: "GET", path: "/", query: [],
             headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")],
             canonical: "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
             signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Case(name: "get-vanilla-query-order-key-case", method: "GET", path: "/", query: [("Param2", "value2"), ("Param1", "value1")],
             headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")],
             canonical: "GET\n/\nParam1=value1&Param2=value2\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
             signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        Case(name: "get-vanilla-query-order-value", method: "GET", path: "/", query: [("Param1", "value2"), ("Param1", "value1")],
             headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")],
             canonical: "GET\n/\nParam1=value1&Param1=value2\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
             signature: "5772eed61e12b33fae39ee5e7012498b51d56abc0abb7c60486157bd471c4694"),
        Case(name: "get-vanilla-query-order-key", method: "GET", path: "/", query: [("Param1", "value2"), ("Param1", "Value1")],
             headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")],
             canonical: "GET\n/\nParam1=Value1&Param1=value2\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
             signature: "eedbc4e291e521cf13422ffca22be7d2eb8146eecf653089df300a15b2382bd1"),
        Case(name: "get-unreserved", method: "GET", path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", query: [],
             headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")],
             canonical: "GET\n/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
             signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"),
        Case(name: "get-header-value-trim", method: "GET", path: "/", query: [],
             headers: [("Host", "example.amazonaws.com"), ("My-Header1", " value1"), ("My-Header2", " \"a   b   c\""), ("X-Amz-Date", "20150830T123600Z")],
             canonical: "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\nmy-header2:\"a b c\"\nx-amz-date:20150830T123600Z\n\nhost;my-header1;my-header2;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
             signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"),
        Case(name: "get-header-key-duplicate", method: "GET", path: "/", query: [],
             headers: [("Host", "example.amazonaws.com"), ("My-Header1", "value2"), ("My-Header1", "value2"), ("My-Header1", "value1"),
                       ("X-Amz-Date", "20150830T123600Z")],
             canonical: "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value2,value2,value1\nx-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
             signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"),
    ]

    func testTheSuitesCanonicalRequestsAndSignatures() {
        for c in cases {
            let request = SigV4.Request(method: c.method, path: c.path, query: c.query, headers: c.headers,
                                        payloadHash: SigV4.emptyPayloadHash)
            XCTAssertEqual(suite.canonicalRequest(request).text, c.canonical, c.name)
            let signed = c.headers.map { $0.0.lowercased() }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.sorted()
            XCTAssertEqual(suite.authorization(request, date: suiteDate),
                           "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                               + "SignedHeaders=\(signed.joined(separator: ";")), Signature=\(c.signature)", c.name)
        }
    }

    /// The suite's string to sign for get-vanilla (the step between the canonical request and the key).
    func testTheStringToSign() {
        let request = SigV4.Request(method: "GET", path: "/", headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")],
                                    payloadHash: SigV4.emptyPayloadHash)
        XCTAssertEqual(suite.stringToSign(suite.canonicalRequest(request).text, date: suiteDate),
                       "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63")
    }

    /// The S3 API reference's examples: `AKIAIOSFODNN7EXAMPLE`, 2013-05-24 00:00:00 UTC, us-east-1.
    let s3 = SigV4(credentials: S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
                   region: "us-east-1")
    let s3Date = Date(timeIntervalSince1970: 1_369_353_600)

    func testTheS3HeaderExample() {
        let request = SigV4.Request(method: "GET", path: "/test.txt",
                                    headers: [("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"),
                                              ("x-amz-content-sha256", SigV4.emptyPayloadHash), ("x-amz-date", "20130524T000000Z")],
                                    payloadHash: SigV4.emptyPayloadHash)
        XCTAssertEqual(s3.authorization(request, date: s3Date),
                       "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                           + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                           + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    func testTheS3PresignedURLExample() {
        let query = s3.presignedQuery(SigV4.Request(method: "GET", path: "/test.txt", headers: [], payloadHash: SigV4.unsignedPayload),
                                      host: "examplebucket.s3.amazonaws.com", date: s3Date, expires: 86400)
        XCTAssertEqual(query, "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
                           + "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
                           + "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404")
    }

    func testKeysAreEncodedAsS3ExpectsThem() {
        XCTAssertEqual(SigV4.encode("a b+c%d/é~", keepSlash: true), "a%20b%2Bc%25d/%C3%A9~")
        XCTAssertEqual(SigV4.encode("a/b"), "a%2Fb")
        XCTAssertEqual(SigV4.canonicalQuery([("uploads", "")]), "uploads=")
        XCTAssertEqual(SigV4.canonicalQuery([("uploadId", "x y"), ("partNumber", "2")]), "partNumber=2&uploadId=x%20y")
    }
}
