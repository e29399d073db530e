import Foundation

/// A throwaway RSA key for the Google Play service-account fixtures, generated once with
/// `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048` and used by no real account.
///
/// Generating a 2048-bit key takes seconds in a debug build, on a thread of the cooperative
/// pool (two here): tests that made one each starved every other test's timers.
public enum PlayTestKey {
    /// The key in PKCS #8 PEM, as a service-account JSON file carries it.
    public static let pem = """
-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCrWy7fxQHcYAin
8K8Ve2XehbDzdqbwDeWuCaJZL2CTUCUYooaa8F/o/ebpEg5RXLcDnAOWO8hkecc8
el7Ig4vVePSgyPGgYA+cExFT8pduapJcBLoCOF32z5387knyeRVoqxfS+4T3/Djf
jntRK6seHQEiD9LAU3V7nXt+oX676In/Ddbox9n5PtcyAOADPSZac8ZqP7mV56yO
/Gu+PoFZDTqJSZc7VYazunaE1irUuYdMUS7nawyxfhGkhwpXYVaov2RRrWyqrNLa
OsKbbINPItzjXsl5yGnwN9wfksq7uYvd+jozbKfoM6lp0I+Z5lI92VuOP9Li5xF8
bXKv4LP9AgMBAAECggEAF8+aHhyXU1rh4QpMHgFRaMAtlEs0y882jv5GObvgYOAG
Y5uz9iQ4Q51CgLkSVcJ7KOx9QBtLD5EvewsrEBRdcjq2TYBWuRkYGjE5G2/ulHiJ
IXHDsirIfdMgSkUHcALc03hQ3W+3bKk28vOu1ZrqkornvSazO6ftP5Hk1vYUcQJX
MZ6JGMdDhElx18CeIS5R1mAQ3JiwoMu98/SuLwgMOY3sKmHzsvACD3UdcUpuV+hI
hP9siwvRnwq6cuwR3GALNAJdbanVUN76rFRMW51NG8G+Wamm/guabxz0EpqJ7HhB
c2+Bsu7LrgeZsLj+HhZRPqCWmLxx9ufddkNQehB+WQKBgQDUrL84KuDO9Vs7/uc8
zqjenF5phKVtyLoUVWWP+f1R3lj/Y8Z/D2Cwm8l3I+Ejxvgl2UHh7MSDYZQxUpSC
HfWp35KrTmNWRFbohUhhKzWh9vGYl7989V1LA4ojlw2PtmbvV90Vz/2nvyHyJQnE
LWeLO5wb2NhzofyFudXSjJlutQKBgQDOQ56jmJ/LXQe7dywNtaqbXgfkGzdL/dsh
iOEzfsH4CNRFe5lJKIOVh8+wVxnLAZDSKOInO985fOGiCTIP5Yo+VEJSHJbILqAV
xMtX3KmGVyndET4dYGYE7DtjWvTUnLPXtpl5L98BfI7d8oaNJ9mWdJ7i3OQ+G5xS
37btbOi1KQKBgBa0vtGrWkceUPhN1bhbRBJIVZgkblkTRjKnj2lYwl/8Qjo6F9Y2
+RbB+zd6IC5mrtWzpWIOmkiAoYbGj055DmJtmUYq31Y1g6XdnQWqzFYXfGHTScF4
nNZGcXgtR2hhjAnfsp4Cj81aDbDBnZJRWq211ovukeV+lOxeE+Mf2b3FAoGBALKh
gyDhS/o+HjUvNxrEavVVEPZuz4vjVMSNG6OSMoARfWyTZyQhjxuP28E3HaJfP8GS
IJGj22WZDntbBV0ZCImERU+BbN/+6SsRHJ2B/9rVX+8RQL8GPjQjNieMnR4IfAPk
IrP+Tl6mNcBnijly+pC/fN6yOITFOrPXBUBHop1JAoGABgJc5g61Jyw0ZW427swf
CcIq8CHlNWBgVg5ONcLOSZZvDhyS3XU3cM1vV/+LN3fSXB8Wkt3WjNU3tDsDfq3B
lXHNl9vSLUFwuZ4LTK5y7lb1Q2o/Qzb8yEb2me8JcvxPUd2cWGPhAsNJOpNV3DL8
uz3y8YQjHp0grH+icGgn+ME=
-----END PRIVATE KEY-----
"""
}
