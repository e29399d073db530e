import DI
import Swinject

// MARK: - Workload 3: 500 registrations

// Generated: service G<i> depends on G<i-1> and G<i/2>, so the graph is connected,
// acyclic and reachable from G499 (the entry point).

public final class G0: Sendable { public init() {} }
public final class G1: Sendable { let a: G0; let b: G0; public init(a: G0, b: G0) { self.a = a; self.b = b } }
public final class G2: Sendable { let a: G1; let b: G1; public init(a: G1, b: G1) { self.a = a; self.b = b } }
public final class G3: Sendable { let a: G2; let b: G1; public init(a: G2, b: G1) { self.a = a; self.b = b } }
public final class G4: Sendable { let a: G3; let b: G2; public init(a: G3, b: G2) { self.a = a; self.b = b } }
public final class G5: Sendable { let a: G4; let b: G2; public init(a: G4, b: G2) { self.a = a; self.b = b } }
public final class G6: Sendable { let a: G5; let b: G3; public init(a: G5, b: G3) { self.a = a; self.b = b } }
public final class G7: Sendable { let a: G6; let b: G3; public init(a: G6, b: G3) { self.a = a; self.b = b } }
public final class G8: Sendable { let a: G7; let b: G4; public init(a: G7, b: G4) { self.a = a; self.b = b } }
public final class G9: Sendable { let a: G8; let b: G4; public init(a: G8, b: G4) { self.a = a; self.b = b } }
public final class G10: Sendable { let a: G9; let b: G5; public init(a: G9, b: G5) { self.a = a; self.b = b } }
public final class G11: Sendable { let a: G10; let b: G5; public init(a: G10, b: G5) { self.a = a; self.b = b } }
public final class G12: Sendable { let a: G11; let b: G6; public init(a: G11, b: G6) { self.a = a; self.b = b } }
public final class G13: Sendable { let a: G12; let b: G6; public init(a: G12, b: G6) { self.a = a; self.b = b } }
public final class G14: Sendable { let a: G13; let b: G7; public init(a: G13, b: G7) { self.a = a; self.b = b } }
public final class G15: Sendable { let a: G14; let b: G7; public init(a: G14, b: G7) { self.a = a; self.b = b } }
public final class G16: Sendable { let a: G15; let b: G8; public init(a: G15, b: G8) { self.a = a; self.b = b } }
public final class G17: Sendable { let a: G16; let b: G8; public init(a: G16, b: G8) { self.a = a; self.b = b } }
public final class G18: Sendable { let a: G17; let b: G9; public init(a: G17, b: G9) { self.a = a; self.b = b } }
public final class G19: Sendable { let a: G18; let b: G9; public init(a: G18, b: G9) { self.a = a; self.b = b } }
public final class G20: Sendable { let a: G19; let b: G10; public init(a: G19, b: G10) { self.a = a; self.b = b } }
public final class G21: Sendable { let a: G20; let b: G10; public init(a: G20, b: G10) { self.a = a; self.b = b } }
public final class G22: Sendable { let a: G21; let b: G11; public init(a: G21, b: G11) { self.a = a; self.b = b } }
public final class G23: Sendable { let a: G22; let b: G11; public init(a: G22, b: G11) { self.a = a; self.b = b } }
public final class G24: Sendable { let a: G23; let b: G12; public init(a: G23, b: G12) { self.a = a; self.b = b } }
public final class G25: Sendable { let a: G24; let b: G12; public init(a: G24, b: G12) { self.a = a; self.b = b } }
public final class G26: Sendable { let a: G25; let b: G13; public init(a: G25, b: G13) { self.a = a; self.b = b } }
public final class G27: Sendable { let a: G26; let b: G13; public init(a: G26, b: G13) { self.a = a; self.b = b } }
public final class G28: Sendable { let a: G27; let b: G14; public init(a: G27, b: G14) { self.a = a; self.b = b } }
public final class G29: Sendable { let a: G28; let b: G14; public init(a: G28, b: G14) { self.a = a; self.b = b } }
public final class G30: Sendable { let a: G29; let b: G15; public init(a: G29, b: G15) { self.a = a; self.b = b } }
public final class G31: Sendable { let a: G30; let b: G15; public init(a: G30, b: G15) { self.a = a; self.b = b } }
public final class G32: Sendable { let a: G31; let b: G16; public init(a: G31, b: G16) { self.a = a; self.b = b } }
public final class G33: Sendable { let a: G32; let b: G16; public init(a: G32, b: G16) { self.a = a; self.b = b } }
public final class G34: Sendable { let a: G33; let b: G17; public init(a: G33, b: G17) { self.a = a; self.b = b } }
public final class G35: Sendable { let a: G34; let b: G17; public init(a: G34, b: G17) { self.a = a; self.b = b } }
public final class G36: Sendable { let a: G35; let b: G18; public init(a: G35, b: G18) { self.a = a; self.b = b } }
public final class G37: Sendable { let a: G36; let b: G18; public init(a: G36, b: G18) { self.a = a; self.b = b } }
public final class G38: Sendable { let a: G37; let b: G19; public init(a: G37, b: G19) { self.a = a; self.b = b } }
public final class G39: Sendable { let a: G38; let b: G19; public init(a: G38, b: G19) { self.a = a; self.b = b } }
public final class G40: Sendable { let a: G39; let b: G20; public init(a: G39, b: G20) { self.a = a; self.b = b } }
public final class G41: Sendable { let a: G40; let b: G20; public init(a: G40, b: G20) { self.a = a; self.b = b } }
public final class G42: Sendable { let a: G41; let b: G21; public init(a: G41, b: G21) { self.a = a; self.b = b } }
public final class G43: Sendable { let a: G42; let b: G21; public init(a: G42, b: G21) { self.a = a; self.b = b } }
public final class G44: Sendable { let a: G43; let b: G22; public init(a: G43, b: G22) { self.a = a; self.b = b } }
public final class G45: Sendable { let a: G44; let b: G22; public init(a: G44, b: G22) { self.a = a; self.b = b } }
public final class G46: Sendable { let a: G45; let b: G23; public init(a: G45, b: G23) { self.a = a; self.b = b } }
public final class G47: Sendable { let a: G46; let b: G23; public init(a: G46, b: G23) { self.a = a; self.b = b } }
public final class G48: Sendable { let a: G47; let b: G24; public init(a: G47, b: G24) { self.a = a; self.b = b } }
public final class G49: Sendable { let a: G48; let b: G24; public init(a: G48, b: G24) { self.a = a; self.b = b } }
public final class G50: Sendable { let a: G49; let b: G25; public init(a: G49, b: G25) { self.a = a; self.b = b } }
public final class G51: Sendable { let a: G50; let b: G25; public init(a: G50, b: G25) { self.a = a; self.b = b } }
public final class G52: Sendable { let a: G51; let b: G26; public init(a: G51, b: G26) { self.a = a; self.b = b } }
public final class G53: Sendable { let a: G52; let b: G26; public init(a: G52, b: G26) { self.a = a; self.b = b } }
public final class G54: Sendable { let a: G53; let b: G27; public init(a: G53, b: G27) { self.a = a; self.b = b } }
public final class G55: Sendable { let a: G54; let b: G27; public init(a: G54, b: G27) { self.a = a; self.b = b } }
public final class G56: Sendable { let a: G55; let b: G28; public init(a: G55, b: G28) { self.a = a; self.b = b } }
public final class G57: Sendable { let a: G56; let b: G28; public init(a: G56, b: G28) { self.a = a; self.b = b } }
public final class G58: Sendable { let a: G57; let b: G29; public init(a: G57, b: G29) { self.a = a; self.b = b } }
public final class G59: Sendable { let a: G58; let b: G29; public init(a: G58, b: G29) { self.a = a; self.b = b } }
public final class G60: Sendable { let a: G59; let b: G30; public init(a: G59, b: G30) { self.a = a; self.b = b } }
public final class G61: Sendable { let a: G60; let b: G30; public init(a: G60, b: G30) { self.a = a; self.b = b } }
public final class G62: Sendable { let a: G61; let b: G31; public init(a: G61, b: G31) { self.a = a; self.b = b } }
public final class G63: Sendable { let a: G62; let b: G31; public init(a: G62, b: G31) { self.a = a; self.b = b } }
public final class G64: Sendable { let a: G63; let b: G32; public init(a: G63, b: G32) { self.a = a; self.b = b } }
public final class G65: Sendable { let a: G64; let b: G32; public init(a: G64, b: G32) { self.a = a; self.b = b } }
public final class G66: Sendable { let a: G65; let b: G33; public init(a: G65, b: G33) { self.a = a; self.b = b } }
public final class G67: Sendable { let a: G66; let b: G33; public init(a: G66, b: G33) { self.a = a; self.b = b } }
public final class G68: Sendable { let a: G67; let b: G34; public init(a: G67, b: G34) { self.a = a; self.b = b } }
public final class G69: Sendable { let a: G68; let b: G34; public init(a: G68, b: G34) { self.a = a; self.b = b } }
public final class G70: Sendable { let a: G69; let b: G35; public init(a: G69, b: G35) { self.a = a; self.b = b } }
public final class G71: Sendable { let a: G70; let b: G35; public init(a: G70, b: G35) { self.a = a; self.b = b } }
public final class G72: Sendable { let a: G71; let b: G36; public init(a: G71, b: G36) { self.a = a; self.b = b } }
public final class G73: Sendable { let a: G72; let b: G36; public init(a: G72, b: G36) { self.a = a; self.b = b } }
public final class G74: Sendable { let a: G73; let b: G37; public init(a: G73, b: G37) { self.a = a; self.b = b } }
public final class G75: Sendable { let a: G74; let b: G37; public init(a: G74, b: G37) { self.a = a; self.b = b } }
public final class G76: Sendable { let a: G75; let b: G38; public init(a: G75, b: G38) { self.a = a; self.b = b } }
public final class G77: Sendable { let a: G76; let b: G38; public init(a: G76, b: G38) { self.a = a; self.b = b } }
public final class G78: Sendable { let a: G77; let b: G39; public init(a: G77, b: G39) { self.a = a; self.b = b } }
public final class G79: Sendable { let a: G78; let b: G39; public init(a: G78, b: G39) { self.a = a; self.b = b } }
public final class G80: Sendable { let a: G79; let b: G40; public init(a: G79, b: G40) { self.a = a; self.b = b } }
public final class G81: Sendable { let a: G80; let b: G40; public init(a: G80, b: G40) { self.a = a; self.b = b } }
public final class G82: Sendable { let a: G81; let b: G41; public init(a: G81, b: G41) { self.a = a; self.b = b } }
public final class G83: Sendable { let a: G82; let b: G41; public init(a: G82, b: G41) { self.a = a; self.b = b } }
public final class G84: Sendable { let a: G83; let b: G42; public init(a: G83, b: G42) { self.a = a; self.b = b } }
public final class G85: Sendable { let a: G84; let b: G42; public init(a: G84, b: G42) { self.a = a; self.b = b } }
public final class G86: Sendable { let a: G85; let b: G43; public init(a: G85, b: G43) { self.a = a; self.b = b } }
public final class G87: Sendable { let a: G86; let b: G43; public init(a: G86, b: G43) { self.a = a; self.b = b } }
public final class G88: Sendable { let a: G87; let b: G44; public init(a: G87, b: G44) { self.a = a; self.b = b } }
public final class G89: Sendable { let a: G88; let b: G44; public init(a: G88, b: G44) { self.a = a; self.b = b } }
public final class G90: Sendable { let a: G89; let b: G45; public init(a: G89, b: G45) { self.a = a; self.b = b } }
public final class G91: Sendable { let a: G90; let b: G45; public init(a: G90, b: G45) { self.a = a; self.b = b } }
public final class G92: Sendable { let a: G91; let b: G46; public init(a: G91, b: G46) { self.a = a; self.b = b } }
public final class G93: Sendable { let a: G92; let b: G46; public init(a: G92, b: G46) { self.a = a; self.b = b } }
public final class G94: Sendable { let a: G93; let b: G47; public init(a: G93, b: G47) { self.a = a; self.b = b } }
public final class G95: Sendable { let a: G94; let b: G47; public init(a: G94, b: G47) { self.a = a; self.b = b } }
public final class G96: Sendable { let a: G95; let b: G48; public init(a: G95, b: G48) { self.a = a; self.b = b } }
public final class G97: Sendable { let a: G96; let b: G48; public init(a: G96, b: G48) { self.a = a; self.b = b } }
public final class G98: Sendable { let a: G97; let b: G49; public init(a: G97, b: G49) { self.a = a; self.b = b } }
public final class G99: Sendable { let a: G98; let b: G49; public init(a: G98, b: G49) { self.a = a; self.b = b } }
public final class G100: Sendable { let a: G99; let b: G50; public init(a: G99, b: G50) { self.a = a; self.b = b } }
public final class G101: Sendable { let a: G100; let b: G50; public init(a: G100, b: G50) { self.a = a; self.b = b } }
public final class G102: Sendable { let a: G101; let b: G51; public init(a: G101, b: G51) { self.a = a; self.b = b } }
public final class G103: Sendable { let a: G102; let b: G51; public init(a: G102, b: G51) { self.a = a; self.b = b } }
public final class G104: Sendable { let a: G103; let b: G52; public init(a: G103, b: G52) { self.a = a; self.b = b } }
public final class G105: Sendable { let a: G104; let b: G52; public init(a: G104, b: G52) { self.a = a; self.b = b } }
public final class G106: Sendable { let a: G105; let b: G53; public init(a: G105, b: G53) { self.a = a; self.b = b } }
public final class G107: Sendable { let a: G106; let b: G53; public init(a: G106, b: G53) { self.a = a; self.b = b } }
public final class G108: Sendable { let a: G107; let b: G54; public init(a: G107, b: G54) { self.a = a; self.b = b } }
public final class G109: Sendable { let a: G108; let b: G54; public init(a: G108, b: G54) { self.a = a; self.b = b } }
public final class G110: Sendable { let a: G109; let b: G55; public init(a: G109, b: G55) { self.a = a; self.b = b } }
public final class G111: Sendable { let a: G110; let b: G55; public init(a: G110, b: G55) { self.a = a; self.b = b } }
public final class G112: Sendable { let a: G111; let b: G56; public init(a: G111, b: G56) { self.a = a; self.b = b } }
public final class G113: Sendable { let a: G112; let b: G56; public init(a: G112, b: G56) { self.a = a; self.b = b } }
public final class G114: Sendable { let a: G113; let b: G57; public init(a: G113, b: G57) { self.a = a; self.b = b } }
public final class G115: Sendable { let a: G114; let b: G57; public init(a: G114, b: G57) { self.a = a; self.b = b } }
public final class G116: Sendable { let a: G115; let b: G58; public init(a: G115, b: G58) { self.a = a; self.b = b } }
public final class G117: Sendable { let a: G116; let b: G58; public init(a: G116, b: G58) { self.a = a; self.b = b } }
public final class G118: Sendable { let a: G117; let b: G59; public init(a: G117, b: G59) { self.a = a; self.b = b } }
public final class G119: Sendable { let a: G118; let b: G59; public init(a: G118, b: G59) { self.a = a; self.b = b } }
public final class G120: Sendable { let a: G119; let b: G60; public init(a: G119, b: G60) { self.a = a; self.b = b } }
public final class G121: Sendable { let a: G120; let b: G60; public init(a: G120, b: G60) { self.a = a; self.b = b } }
public final class G122: Sendable { let a: G121; let b: G61; public init(a: G121, b: G61) { self.a = a; self.b = b } }
public final class G123: Sendable { let a: G122; let b: G61; public init(a: G122, b: G61) { self.a = a; self.b = b } }
public final class G124: Sendable { let a: G123; let b: G62; public init(a: G123, b: G62) { self.a = a; self.b = b } }
public final class G125: Sendable { let a: G124; let b: G62; public init(a: G124, b: G62) { self.a = a; self.b = b } }
public final class G126: Sendable { let a: G125; let b: G63; public init(a: G125, b: G63) { self.a = a; self.b = b } }
public final class G127: Sendable { let a: G126; let b: G63; public init(a: G126, b: G63) { self.a = a; self.b = b } }
public final class G128: Sendable { let a: G127; let b: G64; public init(a: G127, b: G64) { self.a = a; self.b = b } }
public final class G129: Sendable { let a: G128; let b: G64; public init(a: G128, b: G64) { self.a = a; self.b = b } }
public final class G130: Sendable { let a: G129; let b: G65; public init(a: G129, b: G65) { self.a = a; self.b = b } }
public final class G131: Sendable { let a: G130; let b: G65; public init(a: G130, b: G65) { self.a = a; self.b = b } }
public final class G132: Sendable { let a: G131; let b: G66; public init(a: G131, b: G66) { self.a = a; self.b = b } }
public final class G133: Sendable { let a: G132; let b: G66; public init(a: G132, b: G66) { self.a = a; self.b = b } }
public final class G134: Sendable { let a: G133; let b: G67; public init(a: G133, b: G67) { self.a = a; self.b = b } }
public final class G135: Sendable { let a: G134; let b: G67; public init(a: G134, b: G67) { self.a = a; self.b = b } }
public final class G136: Sendable { let a: G135; let b: G68; public init(a: G135, b: G68) { self.a = a; self.b = b } }
public final class G137: Sendable { let a: G136; let b: G68; public init(a: G136, b: G68) { self.a = a; self.b = b } }
public final class G138: Sendable { let a: G137; let b: G69; public init(a: G137, b: G69) { self.a = a; self.b = b } }
public final class G139: Sendable { let a: G138; let b: G69; public init(a: G138, b: G69) { self.a = a; self.b = b } }
public final class G140: Sendable { let a: G139; let b: G70; public init(a: G139, b: G70) { self.a = a; self.b = b } }
public final class G141: Sendable { let a: G140; let b: G70; public init(a: G140, b: G70) { self.a = a; self.b = b } }
public final class G142: Sendable { let a: G141; let b: G71; public init(a: G141, b: G71) { self.a = a; self.b = b } }
public final class G143: Sendable { let a: G142; let b: G71; public init(a: G142, b: G71) { self.a = a; self.b = b } }
public final class G144: Sendable { let a: G143; let b: G72; public init(a: G143, b: G72) { self.a = a; self.b = b } }
public final class G145: Sendable { let a: G144; let b: G72; public init(a: G144, b: G72) { self.a = a; self.b = b } }
public final class G146: Sendable { let a: G145; let b: G73; public init(a: G145, b: G73) { self.a = a; self.b = b } }
public final class G147: Sendable { let a: G146; let b: G73; public init(a: G146, b: G73) { self.a = a; self.b = b } }
public final class G148: Sendable { let a: G147; let b: G74; public init(a: G147, b: G74) { self.a = a; self.b = b } }
public final class G149: Sendable { let a: G148; let b: G74; public init(a: G148, b: G74) { self.a = a; self.b = b } }
public final class G150: Sendable { let a: G149; let b: G75; public init(a: G149, b: G75) { self.a = a; self.b = b } }
public final class G151: Sendable { let a: G150; let b: G75; public init(a: G150, b: G75) { self.a = a; self.b = b } }
public final class G152: Sendable { let a: G151; let b: G76; public init(a: G151, b: G76) { self.a = a; self.b = b } }
public final class G153: Sendable { let a: G152; let b: G76; public init(a: G152, b: G76) { self.a = a; self.b = b } }
public final class G154: Sendable { let a: G153; let b: G77; public init(a: G153, b: G77) { self.a = a; self.b = b } }
public final class G155: Sendable { let a: G154; let b: G77; public init(a: G154, b: G77) { self.a = a; self.b = b } }
public final class G156: Sendable { let a: G155; let b: G78; public init(a: G155, b: G78) { self.a = a; self.b = b } }
public final class G157: Sendable { let a: G156; let b: G78; public init(a: G156, b: G78) { self.a = a; self.b = b } }
public final class G158: Sendable { let a: G157; let b: G79; public init(a: G157, b: G79) { self.a = a; self.b = b } }
public final class G159: Sendable { let a: G158; let b: G79; public init(a: G158, b: G79) { self.a = a; self.b = b } }
public final class G160: Sendable { let a: G159; let b: G80; public init(a: G159, b: G80) { self.a = a; self.b = b } }
public final class G161: Sendable { let a: G160; let b: G80; public init(a: G160, b: G80) { self.a = a; self.b = b } }
public final class G162: Sendable { let a: G161; let b: G81; public init(a: G161, b: G81) { self.a = a; self.b = b } }
public final class G163: Sendable { let a: G162; let b: G81; public init(a: G162, b: G81) { self.a = a; self.b = b } }
public final class G164: Sendable { let a: G163; let b: G82; public init(a: G163, b: G82) { self.a = a; self.b = b } }
public final class G165: Sendable { let a: G164; let b: G82; public init(a: G164, b: G82) { self.a = a; self.b = b } }
public final class G166: Sendable { let a: G165; let b: G83; public init(a: G165, b: G83) { self.a = a; self.b = b } }
public final class G167: Sendable { let a: G166; let b: G83; public init(a: G166, b: G83) { self.a = a; self.b = b } }
public final class G168: Sendable { let a: G167; let b: G84; public init(a: G167, b: G84) { self.a = a; self.b = b } }
public final class G169: Sendable { let a: G168; let b: G84; public init(a: G168, b: G84) { self.a = a; self.b = b } }
public final class G170: Sendable { let a: G169; let b: G85; public init(a: G169, b: G85) { self.a = a; self.b = b } }
public final class G171: Sendable { let a: G170; let b: G85; public init(a: G170, b: G85) { self.a = a; self.b = b } }
public final class G172: Sendable { let a: G171; let b: G86; public init(a: G171, b: G86) { self.a = a; self.b = b } }
public final class G173: Sendable { let a: G172; let b: G86; public init(a: G172, b: G86) { self.a = a; self.b = b } }
public final class G174: Sendable { let a: G173; let b: G87; public init(a: G173, b: G87) { self.a = a; self.b = b } }
public final class G175: Sendable { let a: G174; let b: G87; public init(a: G174, b: G87) { self.a = a; self.b = b } }
public final class G176: Sendable { let a: G175; let b: G88; public init(a: G175, b: G88) { self.a = a; self.b = b } }
public final class G177: Sendable { let a: G176; let b: G88; public init(a: G176, b: G88) { self.a = a; self.b = b } }
public final class G178: Sendable { let a: G177; let b: G89; public init(a: G177, b: G89) { self.a = a; self.b = b } }
public final class G179: Sendable { let a: G178; let b: G89; public init(a: G178, b: G89) { self.a = a; self.b = b } }
public final class G180: Sendable { let a: G179; let b: G90; public init(a: G179, b: G90) { self.a = a; self.b = b } }
public final class G181: Sendable { let a: G180; let b: G90; public init(a: G180, b: G90) { self.a = a; self.b = b } }
public final class G182: Sendable { let a: G181; let b: G91; public init(a: G181, b: G91) { self.a = a; self.b = b } }
public final class G183: Sendable { let a: G182; let b: G91; public init(a: G182, b: G91) { self.a = a; self.b = b } }
public final class G184: Sendable { let a: G183; let b: G92; public init(a: G183, b: G92) { self.a = a; self.b = b } }
public final class G185: Sendable { let a: G184; let b: G92; public init(a: G184, b: G92) { self.a = a; self.b = b } }
public final class G186: Sendable { let a: G185; let b: G93; public init(a: G185, b: G93) { self.a = a; self.b = b } }
public final class G187: Sendable { let a: G186; let b: G93; public init(a: G186, b: G93) { self.a = a; self.b = b } }
public final class G188: Sendable { let a: G187; let b: G94; public init(a: G187, b: G94) { self.a = a; self.b = b } }
public final class G189: Sendable { let a: G188; let b: G94; public init(a: G188, b: G94) { self.a = a; self.b = b } }
public final class G190: Sendable { let a: G189; let b: G95; public init(a: G189, b: G95) { self.a = a; self.b = b } }
public final class G191: Sendable { let a: G190; let b: G95; public init(a: G190, b: G95) { self.a = a; self.b = b } }
public final class G192: Sendable { let a: G191; let b: G96; public init(a: G191, b: G96) { self.a = a; self.b = b } }
public final class G193: Sendable { let a: G192; let b: G96; public init(a: G192, b: G96) { self.a = a; self.b = b } }
public final class G194: Sendable { let a: G193; let b: G97; public init(a: G193, b: G97) { self.a = a; self.b = b } }
public final class G195: Sendable { let a: G194; let b: G97; public init(a: G194, b: G97) { self.a = a; self.b = b } }
public final class G196: Sendable { let a: G195; let b: G98; public init(a: G195, b: G98) { self.a = a; self.b = b } }
public final class G197: Sendable { let a: G196; let b: G98; public init(a: G196, b: G98) { self.a = a; self.b = b } }
public final class G198: Sendable { let a: G197; let b: G99; public init(a: G197, b: G99) { self.a = a; self.b = b } }
public final class G199: Sendable { let a: G198; let b: G99; public init(a: G198, b: G99) { self.a = a; self.b = b } }
public final class G200: Sendable { let a: G199; let b: G100; public init(a: G199, b: G100) { self.a = a; self.b = b } }
public final class G201: Sendable { let a: G200; let b: G100; public init(a: G200, b: G100) { self.a = a; self.b = b } }
public final class G202: Sendable { let a: G201; let b: G101; public init(a: G201, b: G101) { self.a = a; self.b = b } }
public final class G203: Sendable { let a: G202; let b: G101; public init(a: G202, b: G101) { self.a = a; self.b = b } }
public final class G204: Sendable { let a: G203; let b: G102; public init(a: G203, b: G102) { self.a = a; self.b = b } }
public final class G205: Sendable { let a: G204; let b: G102; public init(a: G204, b: G102) { self.a = a; self.b = b } }
public final class G206: Sendable { let a: G205; let b: G103; public init(a: G205, b: G103) { self.a = a; self.b = b } }
public final class G207: Sendable { let a: G206; let b: G103; public init(a: G206, b: G103) { self.a = a; self.b = b } }
public final class G208: Sendable { let a: G207; let b: G104; public init(a: G207, b: G104) { self.a = a; self.b = b } }
public final class G209: Sendable { let a: G208; let b: G104; public init(a: G208, b: G104) { self.a = a; self.b = b } }
public final class G210: Sendable { let a: G209; let b: G105; public init(a: G209, b: G105) { self.a = a; self.b = b } }
public final class G211: Sendable { let a: G210; let b: G105; public init(a: G210, b: G105) { self.a = a; self.b = b } }
public final class G212: Sendable { let a: G211; let b: G106; public init(a: G211, b: G106) { self.a = a; self.b = b } }
public final class G213: Sendable { let a: G212; let b: G106; public init(a: G212, b: G106) { self.a = a; self.b = b } }
public final class G214: Sendable { let a: G213; let b: G107; public init(a: G213, b: G107) { self.a = a; self.b = b } }
public final class G215: Sendable { let a: G214; let b: G107; public init(a: G214, b: G107) { self.a = a; self.b = b } }
public final class G216: Sendable { let a: G215; let b: G108; public init(a: G215, b: G108) { self.a = a; self.b = b } }
public final class G217: Sendable { let a: G216; let b: G108; public init(a: G216, b: G108) { self.a = a; self.b = b } }
public final class G218: Sendable { let a: G217; let b: G109; public init(a: G217, b: G109) { self.a = a; self.b = b } }
public final class G219: Sendable { let a: G218; let b: G109; public init(a: G218, b: G109) { self.a = a; self.b = b } }
public final class G220: Sendable { let a: G219; let b: G110; public init(a: G219, b: G110) { self.a = a; self.b = b } }
public final class G221: Sendable { let a: G220; let b: G110; public init(a: G220, b: G110) { self.a = a; self.b = b } }
public final class G222: Sendable { let a: G221; let b: G111; public init(a: G221, b: G111) { self.a = a; self.b = b } }
public final class G223: Sendable { let a: G222; let b: G111; public init(a: G222, b: G111) { self.a = a; self.b = b } }
public final class G224: Sendable { let a: G223; let b: G112; public init(a: G223, b: G112) { self.a = a; self.b = b } }
public final class G225: Sendable { let a: G224; let b: G112; public init(a: G224, b: G112) { self.a = a; self.b = b } }
public final class G226: Sendable { let a: G225; let b: G113; public init(a: G225, b: G113) { self.a = a; self.b = b } }
public final class G227: Sendable { let a: G226; let b: G113; public init(a: G226, b: G113) { self.a = a; self.b = b } }
public final class G228: Sendable { let a: G227; let b: G114; public init(a: G227, b: G114) { self.a = a; self.b = b } }
public final class G229: Sendable { let a: G228; let b: G114; public init(a: G228, b: G114) { self.a = a; self.b = b } }
public final class G230: Sendable { let a: G229; let b: G115; public init(a: G229, b: G115) { self.a = a; self.b = b } }
public final class G231: Sendable { let a: G230; let b: G115; public init(a: G230, b: G115) { self.a = a; self.b = b } }
public final class G232: Sendable { let a: G231; let b: G116; public init(a: G231, b: G116) { self.a = a; self.b = b } }
public final class G233: Sendable { let a: G232; let b: G116; public init(a: G232, b: G116) { self.a = a; self.b = b } }
public final class G234: Sendable { let a: G233; let b: G117; public init(a: G233, b: G117) { self.a = a; self.b = b } }
public final class G235: Sendable { let a: G234; let b: G117; public init(a: G234, b: G117) { self.a = a; self.b = b } }
public final class G236: Sendable { let a: G235; let b: G118; public init(a: G235, b: G118) { self.a = a; self.b = b } }
public final class G237: Sendable { let a: G236; let b: G118; public init(a: G236, b: G118) { self.a = a; self.b = b } }
public final class G238: Sendable { let a: G237; let b: G119; public init(a: G237, b: G119) { self.a = a; self.b = b } }
public final class G239: Sendable { let a: G238; let b: G119; public init(a: G238, b: G119) { self.a = a; self.b = b } }
public final class G240: Sendable { let a: G239; let b: G120; public init(a: G239, b: G120) { self.a = a; self.b = b } }
public final class G241: Sendable { let a: G240; let b: G120; public init(a: G240, b: G120) { self.a = a; self.b = b } }
public final class G242: Sendable { let a: G241; let b: G121; public init(a: G241, b: G121) { self.a = a; self.b = b } }
public final class G243: Sendable { let a: G242; let b: G121; public init(a: G242, b: G121) { self.a = a; self.b = b } }
public final class G244: Sendable { let a: G243; let b: G122; public init(a: G243, b: G122) { self.a = a; self.b = b } }
public final class G245: Sendable { let a: G244; let b: G122; public init(a: G244, b: G122) { self.a = a; self.b = b } }
public final class G246: Sendable { let a: G245; let b: G123; public init(a: G245, b: G123) { self.a = a; self.b = b } }
public final class G247: Sendable { let a: G246; let b: G123; public init(a: G246, b: G123) { self.a = a; self.b = b } }
public final class G248: Sendable { let a: G247; let b: G124; public init(a: G247, b: G124) { self.a = a; self.b = b } }
public final class G249: Sendable { let a: G248; let b: G124; public init(a: G248, b: G124) { self.a = a; self.b = b } }
public final class G250: Sendable { let a: G249; let b: G125; public init(a: G249, b: G125) { self.a = a; self.b = b } }
public final class G251: Sendable { let a: G250; let b: G125; public init(a: G250, b: G125) { self.a = a; self.b = b } }
public final class G252: Sendable { let a: G251; let b: G126; public init(a: G251, b: G126) { self.a = a; self.b = b } }
public final class G253: Sendable { let a: G252; let b: G126; public init(a: G252, b: G126) { self.a = a; self.b = b } }
public final class G254: Sendable { let a: G253; let b: G127; public init(a: G253, b: G127) { self.a = a; self.b = b } }
public final class G255: Sendable { let a: G254; let b: G127; public init(a: G254, b: G127) { self.a = a; self.b = b } }
public final class G256: Sendable { let a: G255; let b: G128; public init(a: G255, b: G128) { self.a = a; self.b = b } }
public final class G257: Sendable { let a: G256; let b: G128; public init(a: G256, b: G128) { self.a = a; self.b = b } }
public final class G258: Sendable { let a: G257; let b: G129; public init(a: G257, b: G129) { self.a = a; self.b = b } }
public final class G259: Sendable { let a: G258; let b: G129; public init(a: G258, b: G129) { self.a = a; self.b = b } }
public final class G260: Sendable { let a: G259; let b: G130; public init(a: G259, b: G130) { self.a = a; self.b = b } }
public final class G261: Sendable { let a: G260; let b: G130; public init(a: G260, b: G130) { self.a = a; self.b = b } }
public final class G262: Sendable { let a: G261; let b: G131; public init(a: G261, b: G131) { self.a = a; self.b = b } }
public final class G263: Sendable { let a: G262; let b: G131; public init(a: G262, b: G131) { self.a = a; self.b = b } }
public final class G264: Sendable { let a: G263; let b: G132; public init(a: G263, b: G132) { self.a = a; self.b = b } }
public final class G265: Sendable { let a: G264; let b: G132; public init(a: G264, b: G132) { self.a = a; self.b = b } }
public final class G266: Sendable { let a: G265; let b: G133; public init(a: G265, b: G133) { self.a = a; self.b = b } }
public final class G267: Sendable { let a: G266; let b: G133; public init(a: G266, b: G133) { self.a = a; self.b = b } }
public final class G268: Sendable { let a: G267; let b: G134; public init(a: G267, b: G134) { self.a = a; self.b = b } }
public final class G269: Sendable { let a: G268; let b: G134; public init(a: G268, b: G134) { self.a = a; self.b = b } }
public final class G270: Sendable { let a: G269; let b: G135; public init(a: G269, b: G135) { self.a = a; self.b = b } }
public final class G271: Sendable { let a: G270; let b: G135; public init(a: G270, b: G135) { self.a = a; self.b = b } }
public final class G272: Sendable { let a: G271; let b: G136; public init(a: G271, b: G136) { self.a = a; self.b = b } }
public final class G273: Sendable { let a: G272; let b: G136; public init(a: G272, b: G136) { self.a = a; self.b = b } }
public final class G274: Sendable { let a: G273; let b: G137; public init(a: G273, b: G137) { self.a = a; self.b = b } }
public final class G275: Sendable { let a: G274; let b: G137; public init(a: G274, b: G137) { self.a = a; self.b = b } }
public final class G276: Sendable { let a: G275; let b: G138; public init(a: G275, b: G138) { self.a = a; self.b = b } }
public final class G277: Sendable { let a: G276; let b: G138; public init(a: G276, b: G138) { self.a = a; self.b = b } }
public final class G278: Sendable { let a: G277; let b: G139; public init(a: G277, b: G139) { self.a = a; self.b = b } }
public final class G279: Sendable { let a: G278; let b: G139; public init(a: G278, b: G139) { self.a = a; self.b = b } }
public final class G280: Sendable { let a: G279; let b: G140; public init(a: G279, b: G140) { self.a = a; self.b = b } }
public final class G281: Sendable { let a: G280; let b: G140; public init(a: G280, b: G140) { self.a = a; self.b = b } }
public final class G282: Sendable { let a: G281; let b: G141; public init(a: G281, b: G141) { self.a = a; self.b = b } }
public final class G283: Sendable { let a: G282; let b: G141; public init(a: G282, b: G141) { self.a = a; self.b = b } }
public final class G284: Sendable { let a: G283; let b: G142; public init(a: G283, b: G142) { self.a = a; self.b = b } }
public final class G285: Sendable { let a: G284; let b: G142; public init(a: G284, b: G142) { self.a = a; self.b = b } }
public final class G286: Sendable { let a: G285; let b: G143; public init(a: G285, b: G143) { self.a = a; self.b = b } }
public final class G287: Sendable { let a: G286; let b: G143; public init(a: G286, b: G143) { self.a = a; self.b = b } }
public final class G288: Sendable { let a: G287; let b: G144; public init(a: G287, b: G144) { self.a = a; self.b = b } }
public final class G289: Sendable { let a: G288; let b: G144; public init(a: G288, b: G144) { self.a = a; self.b = b } }
public final class G290: Sendable { let a: G289; let b: G145; public init(a: G289, b: G145) { self.a = a; self.b = b } }
public final class G291: Sendable { let a: G290; let b: G145; public init(a: G290, b: G145) { self.a = a; self.b = b } }
public final class G292: Sendable { let a: G291; let b: G146; public init(a: G291, b: G146) { self.a = a; self.b = b } }
public final class G293: Sendable { let a: G292; let b: G146; public init(a: G292, b: G146) { self.a = a; self.b = b } }
public final class G294: Sendable { let a: G293; let b: G147; public init(a: G293, b: G147) { self.a = a; self.b = b } }
public final class G295: Sendable { let a: G294; let b: G147; public init(a: G294, b: G147) { self.a = a; self.b = b } }
public final class G296: Sendable { let a: G295; let b: G148; public init(a: G295, b: G148) { self.a = a; self.b = b } }
public final class G297: Sendable { let a: G296; let b: G148; public init(a: G296, b: G148) { self.a = a; self.b = b } }
public final class G298: Sendable { let a: G297; let b: G149; public init(a: G297, b: G149) { self.a = a; self.b = b } }
public final class G299: Sendable { let a: G298; let b: G149; public init(a: G298, b: G149) { self.a = a; self.b = b } }
public final class G300: Sendable { let a: G299; let b: G150; public init(a: G299, b: G150) { self.a = a; self.b = b } }
public final class G301: Sendable { let a: G300; let b: G150; public init(a: G300, b: G150) { self.a = a; self.b = b } }
public final class G302: Sendable { let a: G301; let b: G151; public init(a: G301, b: G151) { self.a = a; self.b = b } }
public final class G303: Sendable { let a: G302; let b: G151; public init(a: G302, b: G151) { self.a = a; self.b = b } }
public final class G304: Sendable { let a: G303; let b: G152; public init(a: G303, b: G152) { self.a = a; self.b = b } }
public final class G305: Sendable { let a: G304; let b: G152; public init(a: G304, b: G152) { self.a = a; self.b = b } }
public final class G306: Sendable { let a: G305; let b: G153; public init(a: G305, b: G153) { self.a = a; self.b = b } }
public final class G307: Sendable { let a: G306; let b: G153; public init(a: G306, b: G153) { self.a = a; self.b = b } }
public final class G308: Sendable { let a: G307; let b: G154; public init(a: G307, b: G154) { self.a = a; self.b = b } }
public final class G309: Sendable { let a: G308; let b: G154; public init(a: G308, b: G154) { self.a = a; self.b = b } }
public final class G310: Sendable { let a: G309; let b: G155; public init(a: G309, b: G155) { self.a = a; self.b = b } }
public final class G311: Sendable { let a: G310; let b: G155; public init(a: G310, b: G155) { self.a = a; self.b = b } }
public final class G312: Sendable { let a: G311; let b: G156; public init(a: G311, b: G156) { self.a = a; self.b = b } }
public final class G313: Sendable { let a: G312; let b: G156; public init(a: G312, b: G156) { self.a = a; self.b = b } }
public final class G314: Sendable { let a: G313; let b: G157; public init(a: G313, b: G157) { self.a = a; self.b = b } }
public final class G315: Sendable { let a: G314; let b: G157; public init(a: G314, b: G157) { self.a = a; self.b = b } }
public final class G316: Sendable { let a: G315; let b: G158; public init(a: G315, b: G158) { self.a = a; self.b = b } }
public final class G317: Sendable { let a: G316; let b: G158; public init(a: G316, b: G158) { self.a = a; self.b = b } }
public final class G318: Sendable { let a: G317; let b: G159; public init(a: G317, b: G159) { self.a = a; self.b = b } }
public final class G319: Sendable { let a: G318; let b: G159; public init(a: G318, b: G159) { self.a = a; self.b = b } }
public final class G320: Sendable { let a: G319; let b: G160; public init(a: G319, b: G160) { self.a = a; self.b = b } }
public final class G321: Sendable { let a: G320; let b: G160; public init(a: G320, b: G160) { self.a = a; self.b = b } }
public final class G322: Sendable { let a: G321; let b: G161; public init(a: G321, b: G161) { self.a = a; self.b = b } }
public final class G323: Sendable { let a: G322; let b: G161; public init(a: G322, b: G161) { self.a = a; self.b = b } }
public final class G324: Sendable { let a: G323; let b: G162; public init(a: G323, b: G162) { self.a = a; self.b = b } }
public final class G325: Sendable { let a: G324; let b: G162; public init(a: G324, b: G162) { self.a = a; self.b = b } }
public final class G326: Sendable { let a: G325; let b: G163; public init(a: G325, b: G163) { self.a = a; self.b = b } }
public final class G327: Sendable { let a: G326; let b: G163; public init(a: G326, b: G163) { self.a = a; self.b = b } }
public final class G328: Sendable { let a: G327; let b: G164; public init(a: G327, b: G164) { self.a = a; self.b = b } }
public final class G329: Sendable { let a: G328; let b: G164; public init(a: G328, b: G164) { self.a = a; self.b = b } }
public final class G330: Sendable { let a: G329; let b: G165; public init(a: G329, b: G165) { self.a = a; self.b = b } }
public final class G331: Sendable { let a: G330; let b: G165; public init(a: G330, b: G165) { self.a = a; self.b = b } }
public final class G332: Sendable { let a: G331; let b: G166; public init(a: G331, b: G166) { self.a = a; self.b = b } }
public final class G333: Sendable { let a: G332; let b: G166; public init(a: G332, b: G166) { self.a = a; self.b = b } }
public final class G334: Sendable { let a: G333; let b: G167; public init(a: G333, b: G167) { self.a = a; self.b = b } }
public final class G335: Sendable { let a: G334; let b: G167; public init(a: G334, b: G167) { self.a = a; self.b = b } }
public final class G336: Sendable { let a: G335; let b: G168; public init(a: G335, b: G168) { self.a = a; self.b = b } }
public final class G337: Sendable { let a: G336; let b: G168; public init(a: G336, b: G168) { self.a = a; self.b = b } }
public final class G338: Sendable { let a: G337; let b: G169; public init(a: G337, b: G169) { self.a = a; self.b = b } }
public final class G339: Sendable { let a: G338; let b: G169; public init(a: G338, b: G169) { self.a = a; self.b = b } }
public final class G340: Sendable { let a: G339; let b: G170; public init(a: G339, b: G170) { self.a = a; self.b = b } }
public final class G341: Sendable { let a: G340; let b: G170; public init(a: G340, b: G170) { self.a = a; self.b = b } }
public final class G342: Sendable { let a: G341; let b: G171; public init(a: G341, b: G171) { self.a = a; self.b = b } }
public final class G343: Sendable { let a: G342; let b: G171; public init(a: G342, b: G171) { self.a = a; self.b = b } }
public final class G344: Sendable { let a: G343; let b: G172; public init(a: G343, b: G172) { self.a = a; self.b = b } }
public final class G345: Sendable { let a: G344; let b: G172; public init(a: G344, b: G172) { self.a = a; self.b = b } }
public final class G346: Sendable { let a: G345; let b: G173; public init(a: G345, b: G173) { self.a = a; self.b = b } }
public final class G347: Sendable { let a: G346; let b: G173; public init(a: G346, b: G173) { self.a = a; self.b = b } }
public final class G348: Sendable { let a: G347; let b: G174; public init(a: G347, b: G174) { self.a = a; self.b = b } }
public final class G349: Sendable { let a: G348; let b: G174; public init(a: G348, b: G174) { self.a = a; self.b = b } }
public final class G350: Sendable { let a: G349; let b: G175; public init(a: G349, b: G175) { self.a = a; self.b = b } }
public final class G351: Sendable { let a: G350; let b: G175; public init(a: G350, b: G175) { self.a = a; self.b = b } }
public final class G352: Sendable { let a: G351; let b: G176; public init(a: G351, b: G176) { self.a = a; self.b = b } }
public final class G353: Sendable { let a: G352; let b: G176; public init(a: G352, b: G176) { self.a = a; self.b = b } }
public final class G354: Sendable { let a: G353; let b: G177; public init(a: G353, b: G177) { self.a = a; self.b = b } }
public final class G355: Sendable { let a: G354; let b: G177; public init(a: G354, b: G177) { self.a = a; self.b = b } }
public final class G356: Sendable { let a: G355; let b: G178; public init(a: G355, b: G178) { self.a = a; self.b = b } }
public final class G357: Sendable { let a: G356; let b: G178; public init(a: G356, b: G178) { self.a = a; self.b = b } }
public final class G358: Sendable { let a: G357; let b: G179; public init(a: G357, b: G179) { self.a = a; self.b = b } }
public final class G359: Sendable { let a: G358; let b: G179; public init(a: G358, b: G179) { self.a = a; self.b = b } }
public final class G360: Sendable { let a: G359; let b: G180; public init(a: G359, b: G180) { self.a = a; self.b = b } }
public final class G361: Sendable { let a: G360; let b: G180; public init(a: G360, b: G180) { self.a = a; self.b = b } }
public final class G362: Sendable { let a: G361; let b: G181; public init(a: G361, b: G181) { self.a = a; self.b = b } }
public final class G363: Sendable { let a: G362; let b: G181; public init(a: G362, b: G181) { self.a = a; self.b = b } }
public final class G364: Sendable { let a: G363; let b: G182; public init(a: G363, b: G182) { self.a = a; self.b = b } }
public final class G365: Sendable { let a: G364; let b: G182; public init(a: G364, b: G182) { self.a = a; self.b = b } }
public final class G366: Sendable { let a: G365; let b: G183; public init(a: G365, b: G183) { self.a = a; self.b = b } }
public final class G367: Sendable { let a: G366; let b: G183; public init(a: G366, b: G183) { self.a = a; self.b = b } }
public final class G368: Sendable { let a: G367; let b: G184; public init(a: G367, b: G184) { self.a = a; self.b = b } }
public final class G369: Sendable { let a: G368; let b: G184; public init(a: G368, b: G184) { self.a = a; self.b = b } }
public final class G370: Sendable { let a: G369; let b: G185; public init(a: G369, b: G185) { self.a = a; self.b = b } }
public final class G371: Sendable { let a: G370; let b: G185; public init(a: G370, b: G185) { self.a = a; self.b = b } }
public final class G372: Sendable { let a: G371; let b: G186; public init(a: G371, b: G186) { self.a = a; self.b = b } }
public final class G373: Sendable { let a: G372; let b: G186; public init(a: G372, b: G186) { self.a = a; self.b = b } }
public final class G374: Sendable { let a: G373; let b: G187; public init(a: G373, b: G187) { self.a = a; self.b = b } }
public final class G375: Sendable { let a: G374; let b: G187; public init(a: G374, b: G187) { self.a = a; self.b = b } }
public final class G376: Sendable { let a: G375; let b: G188; public init(a: G375, b: G188) { self.a = a; self.b = b } }
public final class G377: Sendable { let a: G376; let b: G188; public init(a: G376, b: G188) { self.a = a; self.b = b } }
public final class G378: Sendable { let a: G377; let b: G189; public init(a: G377, b: G189) { self.a = a; self.b = b } }
public final class G379: Sendable { let a: G378; let b: G189; public init(a: G378, b: G189) { self.a = a; self.b = b } }
public final class G380: Sendable { let a: G379; let b: G190; public init(a: G379, b: G190) { self.a = a; self.b = b } }
public final class G381: Sendable { let a: G380; let b: G190; public init(a: G380, b: G190) { self.a = a; self.b = b } }
public final class G382: Sendable { let a: G381; let b: G191; public init(a: G381, b: G191) { self.a = a; self.b = b } }
public final class G383: Sendable { let a: G382; let b: G191; public init(a: G382, b: G191) { self.a = a; self.b = b } }
public final class G384: Sendable { let a: G383; let b: G192; public init(a: G383, b: G192) { self.a = a; self.b = b } }
public final class G385: Sendable { let a: G384; let b: G192; public init(a: G384, b: G192) { self.a = a; self.b = b } }
public final class G386: Sendable { let a: G385; let b: G193; public init(a: G385, b: G193) { self.a = a; self.b = b } }
public final class G387: Sendable { let a: G386; let b: G193; public init(a: G386, b: G193) { self.a = a; self.b = b } }
public final class G388: Sendable { let a: G387; let b: G194; public init(a: G387, b: G194) { self.a = a; self.b = b } }
public final class G389: Sendable { let a: G388; let b: G194; public init(a: G388, b: G194) { self.a = a; self.b = b } }
public final class G390: Sendable { let a: G389; let b: G195; public init(a: G389, b: G195) { self.a = a; self.b = b } }
public final class G391: Sendable { let a: G390; let b: G195; public init(a: G390, b: G195) { self.a = a; self.b = b } }
public final class G392: Sendable { let a: G391; let b: G196; public init(a: G391, b: G196) { self.a = a; self.b = b } }
public final class G393: Sendable { let a: G392; let b: G196; public init(a: G392, b: G196) { self.a = a; self.b = b } }
public final class G394: Sendable { let a: G393; let b: G197; public init(a: G393, b: G197) { self.a = a; self.b = b } }
public final class G395: Sendable { let a: G394; let b: G197; public init(a: G394, b: G197) { self.a = a; self.b = b } }
public final class G396: Sendable { let a: G395; let b: G198; public init(a: G395, b: G198) { self.a = a; self.b = b } }
public final class G397: Sendable { let a: G396; let b: G198; public init(a: G396, b: G198) { self.a = a; self.b = b } }
public final class G398: Sendable { let a: G397; let b: G199; public init(a: G397, b: G199) { self.a = a; self.b = b } }
public final class G399: Sendable { let a: G398; let b: G199; public init(a: G398, b: G199) { self.a = a; self.b = b } }
public final class G400: Sendable { let a: G399; let b: G200; public init(a: G399, b: G200) { self.a = a; self.b = b } }
public final class G401: Sendable { let a: G400; let b: G200; public init(a: G400, b: G200) { self.a = a; self.b = b } }
public final class G402: Sendable { let a: G401; let b: G201; public init(a: G401, b: G201) { self.a = a; self.b = b } }
public final class G403: Sendable { let a: G402; let b: G201; public init(a: G402, b: G201) { self.a = a; self.b = b } }
public final class G404: Sendable { let a: G403; let b: G202; public init(a: G403, b: G202) { self.a = a; self.b = b } }
public final class G405: Sendable { let a: G404; let b: G202; public init(a: G404, b: G202) { self.a = a; self.b = b } }
public final class G406: Sendable { let a: G405; let b: G203; public init(a: G405, b: G203) { self.a = a; self.b = b } }
public final class G407: Sendable { let a: G406; let b: G203; public init(a: G406, b: G203) { self.a = a; self.b = b } }
public final class G408: Sendable { let a: G407; let b: G204; public init(a: G407, b: G204) { self.a = a; self.b = b } }
public final class G409: Sendable { let a: G408; let b: G204; public init(a: G408, b: G204) { self.a = a; self.b = b } }
public final class G410: Sendable { let a: G409; let b: G205; public init(a: G409, b: G205) { self.a = a; self.b = b } }
public final class G411: Sendable { let a: G410; let b: G205; public init(a: G410, b: G205) { self.a = a; self.b = b } }
public final class G412: Sendable { let a: G411; let b: G206; public init(a: G411, b: G206) { self.a = a; self.b = b } }
public final class G413: Sendable { let a: G412; let b: G206; public init(a: G412, b: G206) { self.a = a; self.b = b } }
public final class G414: Sendable { let a: G413; let b: G207; public init(a: G413, b: G207) { self.a = a; self.b = b } }
public final class G415: Sendable { let a: G414; let b: G207; public init(a: G414, b: G207) { self.a = a; self.b = b } }
public final class G416: Sendable { let a: G415; let b: G208; public init(a: G415, b: G208) { self.a = a; self.b = b } }
public final class G417: Sendable { let a: G416; let b: G208; public init(a: G416, b: G208) { self.a = a; self.b = b } }
public final class G418: Sendable { let a: G417; let b: G209; public init(a: G417, b: G209) { self.a = a; self.b = b } }
public final class G419: Sendable { let a: G418; let b: G209; public init(a: G418, b: G209) { self.a = a; self.b = b } }
public final class G420: Sendable { let a: G419; let b: G210; public init(a: G419, b: G210) { self.a = a; self.b = b } }
public final class G421: Sendable { let a: G420; let b: G210; public init(a: G420, b: G210) { self.a = a; self.b = b } }
public final class G422: Sendable { let a: G421; let b: G211; public init(a: G421, b: G211) { self.a = a; self.b = b } }
public final class G423: Sendable { let a: G422; let b: G211; public init(a: G422, b: G211) { self.a = a; self.b = b } }
public final class G424: Sendable { let a: G423; let b: G212; public init(a: G423, b: G212) { self.a = a; self.b = b } }
public final class G425: Sendable { let a: G424; let b: G212; public init(a: G424, b: G212) { self.a = a; self.b = b } }
public final class G426: Sendable { let a: G425; let b: G213; public init(a: G425, b: G213) { self.a = a; self.b = b } }
public final class G427: Sendable { let a: G426; let b: G213; public init(a: G426, b: G213) { self.a = a; self.b = b } }
public final class G428: Sendable { let a: G427; let b: G214; public init(a: G427, b: G214) { self.a = a; self.b = b } }
public final class G429: Sendable { let a: G428; let b: G214; public init(a: G428, b: G214) { self.a = a; self.b = b } }
public final class G430: Sendable { let a: G429; let b: G215; public init(a: G429, b: G215) { self.a = a; self.b = b } }
public final class G431: Sendable { let a: G430; let b: G215; public init(a: G430, b: G215) { self.a = a; self.b = b } }
public final class G432: Sendable { let a: G431; let b: G216; public init(a: G431, b: G216) { self.a = a; self.b = b } }
public final class G433: Sendable { let a: G432; let b: G216; public init(a: G432, b: G216) { self.a = a; self.b = b } }
public final class G434: Sendable { let a: G433; let b: G217; public init(a: G433, b: G217) { self.a = a; self.b = b } }
public final class G435: Sendable { let a: G434; let b: G217; public init(a: G434, b: G217) { self.a = a; self.b = b } }
public final class G436: Sendable { let a: G435; let b: G218; public init(a: G435, b: G218) { self.a = a; self.b = b } }
public final class G437: Sendable { let a: G436; let b: G218; public init(a: G436, b: G218) { self.a = a; self.b = b } }
public final class G438: Sendable { let a: G437; let b: G219; public init(a: G437, b: G219) { self.a = a; self.b = b } }
public final class G439: Sendable { let a: G438; let b: G219; public init(a: G438, b: G219) { self.a = a; self.b = b } }
public final class G440: Sendable { let a: G439; let b: G220; public init(a: G439, b: G220) { self.a = a; self.b = b } }
public final class G441: Sendable { let a: G440; let b: G220; public init(a: G440, b: G220) { self.a = a; self.b = b } }
public final class G442: Sendable { let a: G441; let b: G221; public init(a: G441, b: G221) { self.a = a; self.b = b } }
public final class G443: Sendable { let a: G442; let b: G221; public init(a: G442, b: G221) { self.a = a; self.b = b } }
public final class G444: Sendable { let a: G443; let b: G222; public init(a: G443, b: G222) { self.a = a; self.b = b } }
public final class G445: Sendable { let a: G444; let b: G222; public init(a: G444, b: G222) { self.a = a; self.b = b } }
public final class G446: Sendable { let a: G445; let b: G223; public init(a: G445, b: G223) { self.a = a; self.b = b } }
public final class G447: Sendable { let a: G446; let b: G223; public init(a: G446, b: G223) { self.a = a; self.b = b } }
public final class G448: Sendable { let a: G447; let b: G224; public init(a: G447, b: G224) { self.a = a; self.b = b } }
public final class G449: Sendable { let a: G448; let b: G224; public init(a: G448, b: G224) { self.a = a; self.b = b } }
public final class G450: Sendable { let a: G449; let b: G225; public init(a: G449, b: G225) { self.a = a; self.b = b } }
public final class G451: Sendable { let a: G450; let b: G225; public init(a: G450, b: G225) { self.a = a; self.b = b } }
public final class G452: Sendable { let a: G451; let b: G226; public init(a: G451, b: G226) { self.a = a; self.b = b } }
public final class G453: Sendable { let a: G452; let b: G226; public init(a: G452, b: G226) { self.a = a; self.b = b } }
public final class G454: Sendable { let a: G453; let b: G227; public init(a: G453, b: G227) { self.a = a; self.b = b } }
public final class G455: Sendable { let a: G454; let b: G227; public init(a: G454, b: G227) { self.a = a; self.b = b } }
public final class G456: Sendable { let a: G455; let b: G228; public init(a: G455, b: G228) { self.a = a; self.b = b } }
public final class G457: Sendable { let a: G456; let b: G228; public init(a: G456, b: G228) { self.a = a; self.b = b } }
public final class G458: Sendable { let a: G457; let b: G229; public init(a: G457, b: G229) { self.a = a; self.b = b } }
public final class G459: Sendable { let a: G458; let b: G229; public init(a: G458, b: G229) { self.a = a; self.b = b } }
public final class G460: Sendable { let a: G459; let b: G230; public init(a: G459, b: G230) { self.a = a; self.b = b } }
public final class G461: Sendable { let a: G460; let b: G230; public init(a: G460, b: G230) { self.a = a; self.b = b } }
public final class G462: Sendable { let a: G461; let b: G231; public init(a: G461, b: G231) { self.a = a; self.b = b } }
public final class G463: Sendable { let a: G462; let b: G231; public init(a: G462, b: G231) { self.a = a; self.b = b } }
public final class G464: Sendable { let a: G463; let b: G232; public init(a: G463, b: G232) { self.a = a; self.b = b } }
public final class G465: Sendable { let a: G464; let b: G232; public init(a: G464, b: G232) { self.a = a; self.b = b } }
public final class G466: Sendable { let a: G465; let b: G233; public init(a: G465, b: G233) { self.a = a; self.b = b } }
public final class G467: Sendable { let a: G466; let b: G233; public init(a: G466, b: G233) { self.a = a; self.b = b } }
public final class G468: Sendable { let a: G467; let b: G234; public init(a: G467, b: G234) { self.a = a; self.b = b } }
public final class G469: Sendable { let a: G468; let b: G234; public init(a: G468, b: G234) { self.a = a; self.b = b } }
public final class G470: Sendable { let a: G469; let b: G235; public init(a: G469, b: G235) { self.a = a; self.b = b } }
public final class G471: Sendable { let a: G470; let b: G235; public init(a: G470, b: G235) { self.a = a; self.b = b } }
public final class G472: Sendable { let a: G471; let b: G236; public init(a: G471, b: G236) { self.a = a; self.b = b } }
public final class G473: Sendable { let a: G472; let b: G236; public init(a: G472, b: G236) { self.a = a; self.b = b } }
public final class G474: Sendable { let a: G473; let b: G237; public init(a: G473, b: G237) { self.a = a; self.b = b } }
public final class G475: Sendable { let a: G474; let b: G237; public init(a: G474, b: G237) { self.a = a; self.b = b } }
public final class G476: Sendable { let a: G475; let b: G238; public init(a: G475, b: G238) { self.a = a; self.b = b } }
public final class G477: Sendable { let a: G476; let b: G238; public init(a: G476, b: G238) { self.a = a; self.b = b } }
public final class G478: Sendable { let a: G477; let b: G239; public init(a: G477, b: G239) { self.a = a; self.b = b } }
public final class G479: Sendable { let a: G478; let b: G239; public init(a: G478, b: G239) { self.a = a; self.b = b } }
public final class G480: Sendable { let a: G479; let b: G240; public init(a: G479, b: G240) { self.a = a; self.b = b } }
public final class G481: Sendable { let a: G480; let b: G240; public init(a: G480, b: G240) { self.a = a; self.b = b } }
public final class G482: Sendable { let a: G481; let b: G241; public init(a: G481, b: G241) { self.a = a; self.b = b } }
public final class G483: Sendable { let a: G482; let b: G241; public init(a: G482, b: G241) { self.a = a; self.b = b } }
public final class G484: Sendable { let a: G483; let b: G242; public init(a: G483, b: G242) { self.a = a; self.b = b } }
public final class G485: Sendable { let a: G484; let b: G242; public init(a: G484, b: G242) { self.a = a; self.b = b } }
public final class G486: Sendable { let a: G485; let b: G243; public init(a: G485, b: G243) { self.a = a; self.b = b } }
public final class G487: Sendable { let a: G486; let b: G243; public init(a: G486, b: G243) { self.a = a; self.b = b } }
public final class G488: Sendable { let a: G487; let b: G244; public init(a: G487, b: G244) { self.a = a; self.b = b } }
public final class G489: Sendable { let a: G488; let b: G244; public init(a: G488, b: G244) { self.a = a; self.b = b } }
public final class G490: Sendable { let a: G489; let b: G245; public init(a: G489, b: G245) { self.a = a; self.b = b } }
public final class G491: Sendable { let a: G490; let b: G245; public init(a: G490, b: G245) { self.a = a; self.b = b } }
public final class G492: Sendable { let a: G491; let b: G246; public init(a: G491, b: G246) { self.a = a; self.b = b } }
public final class G493: Sendable { let a: G492; let b: G246; public init(a: G492, b: G246) { self.a = a; self.b = b } }
public final class G494: Sendable { let a: G493; let b: G247; public init(a: G493, b: G247) { self.a = a; self.b = b } }
public final class G495: Sendable { let a: G494; let b: G247; public init(a: G494, b: G247) { self.a = a; self.b = b } }
public final class G496: Sendable { let a: G495; let b: G248; public init(a: G495, b: G248) { self.a = a; self.b = b } }
public final class G497: Sendable { let a: G496; let b: G248; public init(a: G496, b: G248) { self.a = a; self.b = b } }
public final class G498: Sendable { let a: G497; let b: G249; public init(a: G497, b: G249) { self.a = a; self.b = b } }
public final class G499: Sendable { let a: G498; let b: G249; public init(a: G498, b: G249) { self.a = a; self.b = b } }

/// Builds and validates a DI container of 500 registrations.
public enum Large {
    /// Registers the 500 services with DI, then `build()` validates and links them.
    public static func buildDI() async throws -> DI.Container {
        var builder = ContainerBuilder()
        builder.register(G0.self, G0.init)
        builder.register(G1.self, G1.init)
        builder.register(G2.self, G2.init)
        builder.register(G3.self, G3.init)
        builder.register(G4.self, G4.init)
        builder.register(G5.self, G5.init)
        builder.register(G6.self, G6.init)
        builder.register(G7.self, G7.init)
        builder.register(G8.self, G8.init)
        builder.register(G9.self, G9.init)
        builder.register(G10.self, G10.init)
        builder.register(G11.self, G11.init)
        builder.register(G12.self, G12.init)
        builder.register(G13.self, G13.init)
        builder.register(G14.self, G14.init)
        builder.register(G15.self, G15.init)
        builder.register(G16.self, G16.init)
        builder.register(G17.self, G17.init)
        builder.register(G18.self, G18.init)
        builder.register(G19.self, G19.init)
        builder.register(G20.self, G20.init)
        builder.register(G21.self, G21.init)
        builder.register(G22.self, G22.init)
        builder.register(G23.self, G23.init)
        builder.register(G24.self, G24.init)
        builder.register(G25.self, G25.init)
        builder.register(G26.self, G26.init)
        builder.register(G27.self, G27.init)
        builder.register(G28.self, G28.init)
        builder.register(G29.self, G29.init)
        builder.register(G30.self, G30.init)
        builder.register(G31.self, G31.init)
        builder.register(G32.self, G32.init)
        builder.register(G33.self, G33.init)
        builder.register(G34.self, G34.init)
        builder.register(G35.self, G35.init)
        builder.register(G36.self, G36.init)
        builder.register(G37.self, G37.init)
        builder.register(G38.self, G38.init)
        builder.register(G39.self, G39.init)
        builder.register(G40.self, G40.init)
        builder.register(G41.self, G41.init)
        builder.register(G42.self, G42.init)
        builder.register(G43.self, G43.init)
        builder.register(G44.self, G44.init)
        builder.register(G45.self, G45.init)
        builder.register(G46.self, G46.init)
        builder.register(G47.self, G47.init)
        builder.register(G48.self, G48.init)
        builder.register(G49.self, G49.init)
        builder.register(G50.self, G50.init)
        builder.register(G51.self, G51.init)
        builder.register(G52.self, G52.init)
        builder.register(G53.self, G53.init)
        builder.register(G54.self, G54.init)
        builder.register(G55.self, G55.init)
        builder.register(G56.self, G56.init)
        builder.register(G57.self, G57.init)
        builder.register(G58.self, G58.init)
        builder.register(G59.self, G59.init)
        builder.register(G60.self, G60.init)
        builder.register(G61.self, G61.init)
        builder.register(G62.self, G62.init)
        builder.register(G63.self, G63.init)
        builder.register(G64.self, G64.init)
        builder.register(G65.self, G65.init)
        builder.register(G66.self, G66.init)
        builder.register(G67.self, G67.init)
        builder.register(G68.self, G68.init)
        builder.register(G69.self, G69.init)
        builder.register(G70.self, G70.init)
        builder.register(G71.self, G71.init)
        builder.register(G72.self, G72.init)
        builder.register(G73.self, G73.init)
        builder.register(G74.self, G74.init)
        builder.register(G75.self, G75.init)
        builder.register(G76.self, G76.init)
        builder.register(G77.self, G77.init)
        builder.register(G78.self, G78.init)
        builder.register(G79.self, G79.init)
        builder.register(G80.self, G80.init)
        builder.register(G81.self, G81.init)
        builder.register(G82.self, G82.init)
        builder.register(G83.self, G83.init)
        builder.register(G84.self, G84.init)
        builder.register(G85.self, G85.init)
        builder.register(G86.self, G86.init)
        builder.register(G87.self, G87.init)
        builder.register(G88.self, G88.init)
        builder.register(G89.self, G89.init)
        builder.register(G90.self, G90.init)
        builder.register(G91.self, G91.init)
        builder.register(G92.self, G92.init)
        builder.register(G93.self, G93.init)
        builder.register(G94.self, G94.init)
        builder.register(G95.self, G95.init)
        builder.register(G96.self, G96.init)
        builder.register(G97.self, G97.init)
        builder.register(G98.self, G98.init)
        builder.register(G99.self, G99.init)
        builder.register(G100.self, G100.init)
        builder.register(G101.self, G101.init)
        builder.register(G102.self, G102.init)
        builder.register(G103.self, G103.init)
        builder.register(G104.self, G104.init)
        builder.register(G105.self, G105.init)
        builder.register(G106.self, G106.init)
        builder.register(G107.self, G107.init)
        builder.register(G108.self, G108.init)
        builder.register(G109.self, G109.init)
        builder.register(G110.self, G110.init)
        builder.register(G111.self, G111.init)
        builder.register(G112.self, G112.init)
        builder.register(G113.self, G113.init)
        builder.register(G114.self, G114.init)
        builder.register(G115.self, G115.init)
        builder.register(G116.self, G116.init)
        builder.register(G117.self, G117.init)
        builder.register(G118.self, G118.init)
        builder.register(G119.self, G119.init)
        builder.register(G120.self, G120.init)
        builder.register(G121.self, G121.init)
        builder.register(G122.self, G122.init)
        builder.register(G123.self, G123.init)
        builder.register(G124.self, G124.init)
        builder.register(G125.self, G125.init)
        builder.register(G126.self, G126.init)
        builder.register(G127.self, G127.init)
        builder.register(G128.self, G128.init)
        builder.register(G129.self, G129.init)
        builder.register(G130.self, G130.init)
        builder.register(G131.self, G131.init)
        builder.register(G132.self, G132.init)
        builder.register(G133.self, G133.init)
        builder.register(G134.self, G134.init)
        builder.register(G135.self, G135.init)
        builder.register(G136.self, G136.init)
        builder.register(G137.self, G137.init)
        builder.register(G138.self, G138.init)
        builder.register(G139.self, G139.init)
        builder.register(G140.self, G140.init)
        builder.register(G141.self, G141.init)
        builder.register(G142.self, G142.init)
        builder.register(G143.self, G143.init)
        builder.register(G144.self, G144.init)
        builder.register(G145.self, G145.init)
        builder.register(G146.self, G146.init)
        builder.register(G147.self, G147.init)
        builder.register(G148.self, G148.init)
        builder.register(G149.self, G149.init)
        builder.register(G150.self, G150.init)
        builder.register(G151.self, G151.init)
        builder.register(G152.self, G152.init)
        builder.register(G153.self, G153.init)
        builder.register(G154.self, G154.init)
        builder.register(G155.self, G155.init)
        builder.register(G156.self, G156.init)
        builder.register(G157.self, G157.init)
        builder.register(G158.self, G158.init)
        builder.register(G159.self, G159.init)
        builder.register(G160.self, G160.init)
        builder.register(G161.self, G161.init)
        builder.register(G162.self, G162.init)
        builder.register(G163.self, G163.init)
        builder.register(G164.self, G164.init)
        builder.register(G165.self, G165.init)
        builder.register(G166.self, G166.init)
        builder.register(G167.self, G167.init)
        builder.register(G168.self, G168.init)
        builder.register(G169.self, G169.init)
        builder.register(G170.self, G170.init)
        builder.register(G171.self, G171.init)
        builder.register(G172.self, G172.init)
        builder.register(G173.self, G173.init)
        builder.register(G174.self, G174.init)
        builder.register(G175.self, G175.init)
        builder.register(G176.self, G176.init)
        builder.register(G177.self, G177.init)
        builder.register(G178.self, G178.init)
        builder.register(G179.self, G179.init)
        builder.register(G180.self, G180.init)
        builder.register(G181.self, G181.init)
        builder.register(G182.self, G182.init)
        builder.register(G183.self, G183.init)
        builder.register(G184.self, G184.init)
        builder.register(G185.self, G185.init)
        builder.register(G186.self, G186.init)
        builder.register(G187.self, G187.init)
        builder.register(G188.self, G188.init)
        builder.register(G189.self, G189.init)
        builder.register(G190.self, G190.init)
        builder.register(G191.self, G191.init)
        builder.register(G192.self, G192.init)
        builder.register(G193.self, G193.init)
        builder.register(G194.self, G194.init)
        builder.register(G195.self, G195.init)
        builder.register(G196.self, G196.init)
        builder.register(G197.self, G197.init)
        builder.register(G198.self, G198.init)
        builder.register(G199.self, G199.init)
        builder.register(G200.self, G200.init)
        builder.register(G201.self, G201.init)
        builder.register(G202.self, G202.init)
        builder.register(G203.self, G203.init)
        builder.register(G204.self, G204.init)
        builder.register(G205.self, G205.init)
        builder.register(G206.self, G206.init)
        builder.register(G207.self, G207.init)
        builder.register(G208.self, G208.init)
        builder.register(G209.self, G209.init)
        builder.register(G210.self, G210.init)
        builder.register(G211.self, G211.init)
        builder.register(G212.self, G212.init)
        builder.register(G213.self, G213.init)
        builder.register(G214.self, G214.init)
        builder.register(G215.self, G215.init)
        builder.register(G216.self, G216.init)
        builder.register(G217.self, G217.init)
        builder.register(G218.self, G218.init)
        builder.register(G219.self, G219.init)
        builder.register(G220.self, G220.init)
        builder.register(G221.self, G221.init)
        builder.register(G222.self, G222.init)
        builder.register(G223.self, G223.init)
        builder.register(G224.self, G224.init)
        builder.register(G225.self, G225.init)
        builder.register(G226.self, G226.init)
        builder.register(G227.self, G227.init)
        builder.register(G228.self, G228.init)
        builder.register(G229.self, G229.init)
        builder.register(G230.self, G230.init)
        builder.register(G231.self, G231.init)
        builder.register(G232.self, G232.init)
        builder.register(G233.self, G233.init)
        builder.register(G234.self, G234.init)
        builder.register(G235.self, G235.init)
        builder.register(G236.self, G236.init)
        builder.register(G237.self, G237.init)
        builder.register(G238.self, G238.init)
        builder.register(G239.self, G239.init)
        builder.register(G240.self, G240.init)
        builder.register(G241.self, G241.init)
        builder.register(G242.self, G242.init)
        builder.register(G243.self, G243.init)
        builder.register(G244.self, G244.init)
        builder.register(G245.self, G245.init)
        builder.register(G246.self, G246.init)
        builder.register(G247.self, G247.init)
        builder.register(G248.self, G248.init)
        builder.register(G249.self, G249.init)
        builder.register(G250.self, G250.init)
        builder.register(G251.self, G251.init)
        builder.register(G252.self, G252.init)
        builder.register(G253.self, G253.init)
        builder.register(G254.self, G254.init)
        builder.register(G255.self, G255.init)
        builder.register(G256.self, G256.init)
        builder.register(G257.self, G257.init)
        builder.register(G258.self, G258.init)
        builder.register(G259.self, G259.init)
        builder.register(G260.self, G260.init)
        builder.register(G261.self, G261.init)
        builder.register(G262.self, G262.init)
        builder.register(G263.self, G263.init)
        builder.register(G264.self, G264.init)
        builder.register(G265.self, G265.init)
        builder.register(G266.self, G266.init)
        builder.register(G267.self, G267.init)
        builder.register(G268.self, G268.init)
        builder.register(G269.self, G269.init)
        builder.register(G270.self, G270.init)
        builder.register(G271.self, G271.init)
        builder.register(G272.self, G272.init)
        builder.register(G273.self, G273.init)
        builder.register(G274.self, G274.init)
        builder.register(G275.self, G275.init)
        builder.register(G276.self, G276.init)
        builder.register(G277.self, G277.init)
        builder.register(G278.self, G278.init)
        builder.register(G279.self, G279.init)
        builder.register(G280.self, G280.init)
        builder.register(G281.self, G281.init)
        builder.register(G282.self, G282.init)
        builder.register(G283.self, G283.init)
        builder.register(G284.self, G284.init)
        builder.register(G285.self, G285.init)
        builder.register(G286.self, G286.init)
        builder.register(G287.self, G287.init)
        builder.register(G288.self, G288.init)
        builder.register(G289.self, G289.init)
        builder.register(G290.self, G290.init)
        builder.register(G291.self, G291.init)
        builder.register(G292.self, G292.init)
        builder.register(G293.self, G293.init)
        builder.register(G294.self, G294.init)
        builder.register(G295.self, G295.init)
        builder.register(G296.self, G296.init)
        builder.register(G297.self, G297.init)
        builder.register(G298.self, G298.init)
        builder.register(G299.self, G299.init)
        builder.register(G300.self, G300.init)
        builder.register(G301.self, G301.init)
        builder.register(G302.self, G302.init)
        builder.register(G303.self, G303.init)
        builder.register(G304.self, G304.init)
        builder.register(G305.self, G305.init)
        builder.register(G306.self, G306.init)
        builder.register(G307.self, G307.init)
        builder.register(G308.self, G308.init)
        builder.register(G309.self, G309.init)
        builder.register(G310.self, G310.init)
        builder.register(G311.self, G311.init)
        builder.register(G312.self, G312.init)
        builder.register(G313.self, G313.init)
        builder.register(G314.self, G314.init)
        builder.register(G315.self, G315.init)
        builder.register(G316.self, G316.init)
        builder.register(G317.self, G317.init)
        builder.register(G318.self, G318.init)
        builder.register(G319.self, G319.init)
        builder.register(G320.self, G320.init)
        builder.register(G321.self, G321.init)
        builder.register(G322.self, G322.init)
        builder.register(G323.self, G323.init)
        builder.register(G324.self, G324.init)
        builder.register(G325.self, G325.init)
        builder.register(G326.self, G326.init)
        builder.register(G327.self, G327.init)
        builder.register(G328.self, G328.init)
        builder.register(G329.self, G329.init)
        builder.register(G330.self, G330.init)
        builder.register(G331.self, G331.init)
        builder.register(G332.self, G332.init)
        builder.register(G333.self, G333.init)
        builder.register(G334.self, G334.init)
        builder.register(G335.self, G335.init)
        builder.register(G336.self, G336.init)
        builder.register(G337.self, G337.init)
        builder.register(G338.self, G338.init)
        builder.register(G339.self, G339.init)
        builder.register(G340.self, G340.init)
        builder.register(G341.self, G341.init)
        builder.register(G342.self, G342.init)
        builder.register(G343.self, G343.init)
        builder.register(G344.self, G344.init)
        builder.register(G345.self, G345.init)
        builder.register(G346.self, G346.init)
        builder.register(G347.self, G347.init)
        builder.register(G348.self, G348.init)
        builder.register(G349.self, G349.init)
        builder.register(G350.self, G350.init)
        builder.register(G351.self, G351.init)
        builder.register(G352.self, G352.init)
        builder.register(G353.self, G353.init)
        builder.register(G354.self, G354.init)
        builder.register(G355.self, G355.init)
        builder.register(G356.self, G356.init)
        builder.register(G357.self, G357.init)
        builder.register(G358.self, G358.init)
        builder.register(G359.self, G359.init)
        builder.register(G360.self, G360.init)
        builder.register(G361.self, G361.init)
        builder.register(G362.self, G362.init)
        builder.register(G363.self, G363.init)
        builder.register(G364.self, G364.init)
        builder.register(G365.self, G365.init)
        builder.register(G366.self, G366.init)
        builder.register(G367.self, G367.init)
        builder.register(G368.self, G368.init)
        builder.register(G369.self, G369.init)
        builder.register(G370.self, G370.init)
        builder.register(G371.self, G371.init)
        builder.register(G372.self, G372.init)
        builder.register(G373.self, G373.init)
        builder.register(G374.self, G374.init)
        builder.register(G375.self, G375.init)
        builder.register(G376.self, G376.init)
        builder.register(G377.self, G377.init)
        builder.register(G378.self, G378.init)
        builder.register(G379.self, G379.init)
        builder.register(G380.self, G380.init)
        builder.register(G381.self, G381.init)
        builder.register(G382.self, G382.init)
        builder.register(G383.self, G383.init)
        builder.register(G384.self, G384.init)
        builder.register(G385.self, G385.init)
        builder.register(G386.self, G386.init)
        builder.register(G387.self, G387.init)
        builder.register(G388.self, G388.init)
        builder.register(G389.self, G389.init)
        builder.register(G390.self, G390.init)
        builder.register(G391.self, G391.init)
        builder.register(G392.self, G392.init)
        builder.register(G393.self, G393.init)
        builder.register(G394.self, G394.init)
        builder.register(G395.self, G395.init)
        builder.register(G396.self, G396.init)
        builder.register(G397.self, G397.init)
        builder.register(G398.self, G398.init)
        builder.register(G399.self, G399.init)
        builder.register(G400.self, G400.init)
        builder.register(G401.self, G401.init)
        builder.register(G402.self, G402.init)
        builder.register(G403.self, G403.init)
        builder.register(G404.self, G404.init)
        builder.register(G405.self, G405.init)
        builder.register(G406.self, G406.init)
        builder.register(G407.self, G407.init)
        builder.register(G408.self, G408.init)
        builder.register(G409.self, G409.init)
        builder.register(G410.self, G410.init)
        builder.register(G411.self, G411.init)
        builder.register(G412.self, G412.init)
        builder.register(G413.self, G413.init)
        builder.register(G414.self, G414.init)
        builder.register(G415.self, G415.init)
        builder.register(G416.self, G416.init)
        builder.register(G417.self, G417.init)
        builder.register(G418.self, G418.init)
        builder.register(G419.self, G419.init)
        builder.register(G420.self, G420.init)
        builder.register(G421.self, G421.init)
        builder.register(G422.self, G422.init)
        builder.register(G423.self, G423.init)
        builder.register(G424.self, G424.init)
        builder.register(G425.self, G425.init)
        builder.register(G426.self, G426.init)
        builder.register(G427.self, G427.init)
        builder.register(G428.self, G428.init)
        builder.register(G429.self, G429.init)
        builder.register(G430.self, G430.init)
        builder.register(G431.self, G431.init)
        builder.register(G432.self, G432.init)
        builder.register(G433.self, G433.init)
        builder.register(G434.self, G434.init)
        builder.register(G435.self, G435.init)
        builder.register(G436.self, G436.init)
        builder.register(G437.self, G437.init)
        builder.register(G438.self, G438.init)
        builder.register(G439.self, G439.init)
        builder.register(G440.self, G440.init)
        builder.register(G441.self, G441.init)
        builder.register(G442.self, G442.init)
        builder.register(G443.self, G443.init)
        builder.register(G444.self, G444.init)
        builder.register(G445.self, G445.init)
        builder.register(G446.self, G446.init)
        builder.register(G447.self, G447.init)
        builder.register(G448.self, G448.init)
        builder.register(G449.self, G449.init)
        builder.register(G450.self, G450.init)
        builder.register(G451.self, G451.init)
        builder.register(G452.self, G452.init)
        builder.register(G453.self, G453.init)
        builder.register(G454.self, G454.init)
        builder.register(G455.self, G455.init)
        builder.register(G456.self, G456.init)
        builder.register(G457.self, G457.init)
        builder.register(G458.self, G458.init)
        builder.register(G459.self, G459.init)
        builder.register(G460.self, G460.init)
        builder.register(G461.self, G461.init)
        builder.register(G462.self, G462.init)
        builder.register(G463.self, G463.init)
        builder.register(G464.self, G464.init)
        builder.register(G465.self, G465.init)
        builder.register(G466.self, G466.init)
        builder.register(G467.self, G467.init)
        builder.register(G468.self, G468.init)
        builder.register(G469.self, G469.init)
        builder.register(G470.self, G470.init)
        builder.register(G471.self, G471.init)
        builder.register(G472.self, G472.init)
        builder.register(G473.self, G473.init)
        builder.register(G474.self, G474.init)
        builder.register(G475.self, G475.init)
        builder.register(G476.self, G476.init)
        builder.register(G477.self, G477.init)
        builder.register(G478.self, G478.init)
        builder.register(G479.self, G479.init)
        builder.register(G480.self, G480.init)
        builder.register(G481.self, G481.init)
        builder.register(G482.self, G482.init)
        builder.register(G483.self, G483.init)
        builder.register(G484.self, G484.init)
        builder.register(G485.self, G485.init)
        builder.register(G486.self, G486.init)
        builder.register(G487.self, G487.init)
        builder.register(G488.self, G488.init)
        builder.register(G489.self, G489.init)
        builder.register(G490.self, G490.init)
        builder.register(G491.self, G491.init)
        builder.register(G492.self, G492.init)
        builder.register(G493.self, G493.init)
        builder.register(G494.self, G494.init)
        builder.register(G495.self, G495.init)
        builder.register(G496.self, G496.init)
        builder.register(G497.self, G497.init)
        builder.register(G498.self, G498.init)
        builder.register(G499.self, G499.init)
        builder.entryPoint(G499.self)
        return try await builder.build()
    }

    /// Registers the 500 services with Swinject (which has no validation step).
    public static func buildSwinject() -> Swinject.Container {
        let container = Swinject.Container()
        container.register(G0.self) { _ in G0() }
        container.register(G1.self) { r in G1(a: r.resolve(G0.self)!, b: r.resolve(G0.self)!) }
        container.register(G2.self) { r in G2(a: r.resolve(G1.self)!, b: r.resolve(G1.self)!) }
        container.register(G3.self) { r in G3(a: r.resolve(G2.self)!, b: r.resolve(G1.self)!) }
        container.register(G4.self) { r in G4(a: r.resolve(G3.self)!, b: r.resolve(G2.self)!) }
        container.register(G5.self) { r in G5(a: r.resolve(G4.self)!, b: r.resolve(G2.self)!) }
        container.register(G6.self) { r in G6(a: r.resolve(G5.self)!, b: r.resolve(G3.self)!) }
        container.register(G7.self) { r in G7(a: r.resolve(G6.self)!, b: r.resolve(G3.self)!) }
        container.register(G8.self) { r in G8(a: r.resolve(G7.self)!, b: r.resolve(G4.self)!) }
        container.register(G9.self) { r in G9(a: r.resolve(G8.self)!, b: r.resolve(G4.self)!) }
        container.register(G10.self) { r in G10(a: r.resolve(G9.self)!, b: r.resolve(G5.self)!) }
        container.register(G11.self) { r in G11(a: r.resolve(G10.self)!, b: r.resolve(G5.self)!) }
        container.register(G12.self) { r in G12(a: r.resolve(G11.self)!, b: r.resolve(G6.self)!) }
        container.register(G13.self) { r in G13(a: r.resolve(G12.self)!, b: r.resolve(G6.self)!) }
        container.register(G14.self) { r in G14(a: r.resolve(G13.self)!, b: r.resolve(G7.self)!) }
        container.register(G15.self) { r in G15(a: r.resolve(G14.self)!, b: r.resolve(G7.self)!) }
        container.register(G16.self) { r in G16(a: r.resolve(G15.self)!, b: r.resolve(G8.self)!) }
        container.register(G17.self) { r in G17(a: r.resolve(G16.self)!, b: r.resolve(G8.self)!) }
        container.register(G18.self) { r in G18(a: r.resolve(G17.self)!, b: r.resolve(G9.self)!) }
        container.register(G19.self) { r in G19(a: r.resolve(G18.self)!, b: r.resolve(G9.self)!) }
        container.register(G20.self) { r in G20(a: r.resolve(G19.self)!, b: r.resolve(G10.self)!) }
        container.register(G21.self) { r in G21(a: r.resolve(G20.self)!, b: r.resolve(G10.self)!) }
        container.register(G22.self) { r in G22(a: r.resolve(G21.self)!, b: r.resolve(G11.self)!) }
        container.register(G23.self) { r in G23(a: r.resolve(G22.self)!, b: r.resolve(G11.self)!) }
        container.register(G24.self) { r in G24(a: r.resolve(G23.self)!, b: r.resolve(G12.self)!) }
        container.register(G25.self) { r in G25(a: r.resolve(G24.self)!, b: r.resolve(G12.self)!) }
        container.register(G26.self) { r in G26(a: r.resolve(G25.self)!, b: r.resolve(G13.self)!) }
        container.register(G27.self) { r in G27(a: r.resolve(G26.self)!, b: r.resolve(G13.self)!) }
        container.register(G28.self) { r in G28(a: r.resolve(G27.self)!, b: r.resolve(G14.self)!) }
        container.register(G29.self) { r in G29(a: r.resolve(G28.self)!, b: r.resolve(G14.self)!) }
        container.register(G30.self) { r in G30(a: r.resolve(G29.self)!, b: r.resolve(G15.self)!) }
        container.register(G31.self) { r in G31(a: r.resolve(G30.self)!, b: r.resolve(G15.self)!) }
        container.register(G32.self) { r in G32(a: r.resolve(G31.self)!, b: r.resolve(G16.self)!) }
        container.register(G33.self) { r in G33(a: r.resolve(G32.self)!, b: r.resolve(G16.self)!) }
        container.register(G34.self) { r in G34(a: r.resolve(G33.self)!, b: r.resolve(G17.self)!) }
        container.register(G35.self) { r in G35(a: r.resolve(G34.self)!, b: r.resolve(G17.self)!) }
        container.register(G36.self) { r in G36(a: r.resolve(G35.self)!, b: r.resolve(G18.self)!) }
        container.register(G37.self) { r in G37(a: r.resolve(G36.self)!, b: r.resolve(G18.self)!) }
        container.register(G38.self) { r in G38(a: r.resolve(G37.self)!, b: r.resolve(G19.self)!) }
        container.register(G39.self) { r in G39(a: r.resolve(G38.self)!, b: r.resolve(G19.self)!) }
        container.register(G40.self) { r in G40(a: r.resolve(G39.self)!, b: r.resolve(G20.self)!) }
        container.register(G41.self) { r in G41(a: r.resolve(G40.self)!, b: r.resolve(G20.self)!) }
        container.register(G42.self) { r in G42(a: r.resolve(G41.self)!, b: r.resolve(G21.self)!) }
        container.register(G43.self) { r in G43(a: r.resolve(G42.self)!, b: r.resolve(G21.self)!) }
        container.register(G44.self) { r in G44(a: r.resolve(G43.self)!, b: r.resolve(G22.self)!) }
        container.register(G45.self) { r in G45(a: r.resolve(G44.self)!, b: r.resolve(G22.self)!) }
        container.register(G46.self) { r in G46(a: r.resolve(G45.self)!, b: r.resolve(G23.self)!) }
        container.register(G47.self) { r in G47(a: r.resolve(G46.self)!, b: r.resolve(G23.self)!) }
        container.register(G48.self) { r in G48(a: r.resolve(G47.self)!, b: r.resolve(G24.self)!) }
        container.register(G49.self) { r in G49(a: r.resolve(G48.self)!, b: r.resolve(G24.self)!) }
        container.register(G50.self) { r in G50(a: r.resolve(G49.self)!, b: r.resolve(G25.self)!) }
        container.register(G51.self) { r in G51(a: r.resolve(G50.self)!, b: r.resolve(G25.self)!) }
        container.register(G52.self) { r in G52(a: r.resolve(G51.self)!, b: r.resolve(G26.self)!) }
        container.register(G53.self) { r in G53(a: r.resolve(G52.self)!, b: r.resolve(G26.self)!) }
        container.register(G54.self) { r in G54(a: r.resolve(G53.self)!, b: r.resolve(G27.self)!) }
        container.register(G55.self) { r in G55(a: r.resolve(G54.self)!, b: r.resolve(G27.self)!) }
        container.register(G56.self) { r in G56(a: r.resolve(G55.self)!, b: r.resolve(G28.self)!) }
        container.register(G57.self) { r in G57(a: r.resolve(G56.self)!, b: r.resolve(G28.self)!) }
        container.register(G58.self) { r in G58(a: r.resolve(G57.self)!, b: r.resolve(G29.self)!) }
        container.register(G59.self) { r in G59(a: r.resolve(G58.self)!, b: r.resolve(G29.self)!) }
        container.register(G60.self) { r in G60(a: r.resolve(G59.self)!, b: r.resolve(G30.self)!) }
        container.register(G61.self) { r in G61(a: r.resolve(G60.self)!, b: r.resolve(G30.self)!) }
        container.register(G62.self) { r in G62(a: r.resolve(G61.self)!, b: r.resolve(G31.self)!) }
        container.register(G63.self) { r in G63(a: r.resolve(G62.self)!, b: r.resolve(G31.self)!) }
        container.register(G64.self) { r in G64(a: r.resolve(G63.self)!, b: r.resolve(G32.self)!) }
        container.register(G65.self) { r in G65(a: r.resolve(G64.self)!, b: r.resolve(G32.self)!) }
        container.register(G66.self) { r in G66(a: r.resolve(G65.self)!, b: r.resolve(G33.self)!) }
        container.register(G67.self) { r in G67(a: r.resolve(G66.self)!, b: r.resolve(G33.self)!) }
        container.register(G68.self) { r in G68(a: r.resolve(G67.self)!, b: r.resolve(G34.self)!) }
        container.register(G69.self) { r in G69(a: r.resolve(G68.self)!, b: r.resolve(G34.self)!) }
        container.register(G70.self) { r in G70(a: r.resolve(G69.self)!, b: r.resolve(G35.self)!) }
        container.register(G71.self) { r in G71(a: r.resolve(G70.self)!, b: r.resolve(G35.self)!) }
        container.register(G72.self) { r in G72(a: r.resolve(G71.self)!, b: r.resolve(G36.self)!) }
        container.register(G73.self) { r in G73(a: r.resolve(G72.self)!, b: r.resolve(G36.self)!) }
        container.register(G74.self) { r in G74(a: r.resolve(G73.self)!, b: r.resolve(G37.self)!) }
        container.register(G75.self) { r in G75(a: r.resolve(G74.self)!, b: r.resolve(G37.self)!) }
        container.register(G76.self) { r in G76(a: r.resolve(G75.self)!, b: r.resolve(G38.self)!) }
        container.register(G77.self) { r in G77(a: r.resolve(G76.self)!, b: r.resolve(G38.self)!) }
        container.register(G78.self) { r in G78(a: r.resolve(G77.self)!, b: r.resolve(G39.self)!) }
        container.register(G79.self) { r in G79(a: r.resolve(G78.self)!, b: r.resolve(G39.self)!) }
        container.register(G80.self) { r in G80(a: r.resolve(G79.self)!, b: r.resolve(G40.self)!) }
        container.register(G81.self) { r in G81(a: r.resolve(G80.self)!, b: r.resolve(G40.self)!) }
        container.register(G82.self) { r in G82(a: r.resolve(G81.self)!, b: r.resolve(G41.self)!) }
        container.register(G83.self) { r in G83(a: r.resolve(G82.self)!, b: r.resolve(G41.self)!) }
        container.register(G84.self) { r in G84(a: r.resolve(G83.self)!, b: r.resolve(G42.self)!) }
        container.register(G85.self) { r in G85(a: r.resolve(G84.self)!, b: r.resolve(G42.self)!) }
        container.register(G86.self) { r in G86(a: r.resolve(G85.self)!, b: r.resolve(G43.self)!) }
        container.register(G87.self) { r in G87(a: r.resolve(G86.self)!, b: r.resolve(G43.self)!) }
        container.register(G88.self) { r in G88(a: r.resolve(G87.self)!, b: r.resolve(G44.self)!) }
        container.register(G89.self) { r in G89(a: r.resolve(G88.self)!, b: r.resolve(G44.self)!) }
        container.register(G90.self) { r in G90(a: r.resolve(G89.self)!, b: r.resolve(G45.self)!) }
        container.register(G91.self) { r in G91(a: r.resolve(G90.self)!, b: r.resolve(G45.self)!) }
        container.register(G92.self) { r in G92(a: r.resolve(G91.self)!, b: r.resolve(G46.self)!) }
        container.register(G93.self) { r in G93(a: r.resolve(G92.self)!, b: r.resolve(G46.self)!) }
        container.register(G94.self) { r in G94(a: r.resolve(G93.self)!, b: r.resolve(G47.self)!) }
        container.register(G95.self) { r in G95(a: r.resolve(G94.self)!, b: r.resolve(G47.self)!) }
        container.register(G96.self) { r in G96(a: r.resolve(G95.self)!, b: r.resolve(G48.self)!) }
        container.register(G97.self) { r in G97(a: r.resolve(G96.self)!, b: r.resolve(G48.self)!) }
        container.register(G98.self) { r in G98(a: r.resolve(G97.self)!, b: r.resolve(G49.self)!) }
        container.register(G99.self) { r in G99(a: r.resolve(G98.self)!, b: r.resolve(G49.self)!) }
        container.register(G100.self) { r in G100(a: r.resolve(G99.self)!, b: r.resolve(G50.self)!) }
        container.register(G101.self) { r in G101(a: r.resolve(G100.self)!, b: r.resolve(G50.self)!) }
        container.register(G102.self) { r in G102(a: r.resolve(G101.self)!, b: r.resolve(G51.self)!) }
        container.register(G103.self) { r in G103(a: r.resolve(G102.self)!, b: r.resolve(G51.self)!) }
        container.register(G104.self) { r in G104(a: r.resolve(G103.self)!, b: r.resolve(G52.self)!) }
        container.register(G105.self) { r in G105(a: r.resolve(G104.self)!, b: r.resolve(G52.self)!) }
        container.register(G106.self) { r in G106(a: r.resolve(G105.self)!, b: r.resolve(G53.self)!) }
        container.register(G107.self) { r in G107(a: r.resolve(G106.self)!, b: r.resolve(G53.self)!) }
        container.register(G108.self) { r in G108(a: r.resolve(G107.self)!, b: r.resolve(G54.self)!) }
        container.register(G109.self) { r in G109(a: r.resolve(G108.self)!, b: r.resolve(G54.self)!) }
        container.register(G110.self) { r in G110(a: r.resolve(G109.self)!, b: r.resolve(G55.self)!) }
        container.register(G111.self) { r in G111(a: r.resolve(G110.self)!, b: r.resolve(G55.self)!) }
        container.register(G112.self) { r in G112(a: r.resolve(G111.self)!, b: r.resolve(G56.self)!) }
        container.register(G113.self) { r in G113(a: r.resolve(G112.self)!, b: r.resolve(G56.self)!) }
        container.register(G114.self) { r in G114(a: r.resolve(G113.self)!, b: r.resolve(G57.self)!) }
        container.register(G115.self) { r in G115(a: r.resolve(G114.self)!, b: r.resolve(G57.self)!) }
        container.register(G116.self) { r in G116(a: r.resolve(G115.self)!, b: r.resolve(G58.self)!) }
        container.register(G117.self) { r in G117(a: r.resolve(G116.self)!, b: r.resolve(G58.self)!) }
        container.register(G118.self) { r in G118(a: r.resolve(G117.self)!, b: r.resolve(G59.self)!) }
        container.register(G119.self) { r in G119(a: r.resolve(G118.self)!, b: r.resolve(G59.self)!) }
        container.register(G120.self) { r in G120(a: r.resolve(G119.self)!, b: r.resolve(G60.self)!) }
        container.register(G121.self) { r in G121(a: r.resolve(G120.self)!, b: r.resolve(G60.self)!) }
        container.register(G122.self) { r in G122(a: r.resolve(G121.self)!, b: r.resolve(G61.self)!) }
        container.register(G123.self) { r in G123(a: r.resolve(G122.self)!, b: r.resolve(G61.self)!) }
        container.register(G124.self) { r in G124(a: r.resolve(G123.self)!, b: r.resolve(G62.self)!) }
        container.register(G125.self) { r in G125(a: r.resolve(G124.self)!, b: r.resolve(G62.self)!) }
        container.register(G126.self) { r in G126(a: r.resolve(G125.self)!, b: r.resolve(G63.self)!) }
        container.register(G127.self) { r in G127(a: r.resolve(G126.self)!, b: r.resolve(G63.self)!) }
        container.register(G128.self) { r in G128(a: r.resolve(G127.self)!, b: r.resolve(G64.self)!) }
        container.register(G129.self) { r in G129(a: r.resolve(G128.self)!, b: r.resolve(G64.self)!) }
        container.register(G130.self) { r in G130(a: r.resolve(G129.self)!, b: r.resolve(G65.self)!) }
        container.register(G131.self) { r in G131(a: r.resolve(G130.self)!, b: r.resolve(G65.self)!) }
        container.register(G132.self) { r in G132(a: r.resolve(G131.self)!, b: r.resolve(G66.self)!) }
        container.register(G133.self) { r in G133(a: r.resolve(G132.self)!, b: r.resolve(G66.self)!) }
        container.register(G134.self) { r in G134(a: r.resolve(G133.self)!, b: r.resolve(G67.self)!) }
        container.register(G135.self) { r in G135(a: r.resolve(G134.self)!, b: r.resolve(G67.self)!) }
        container.register(G136.self) { r in G136(a: r.resolve(G135.self)!, b: r.resolve(G68.self)!) }
        container.register(G137.self) { r in G137(a: r.resolve(G136.self)!, b: r.resolve(G68.self)!) }
        container.register(G138.self) { r in G138(a: r.resolve(G137.self)!, b: r.resolve(G69.self)!) }
        container.register(G139.self) { r in G139(a: r.resolve(G138.self)!, b: r.resolve(G69.self)!) }
        container.register(G140.self) { r in G140(a: r.resolve(G139.self)!, b: r.resolve(G70.self)!) }
        container.register(G141.self) { r in G141(a: r.resolve(G140.self)!, b: r.resolve(G70.self)!) }
        container.register(G142.self) { r in G142(a: r.resolve(G141.self)!, b: r.resolve(G71.self)!) }
        container.register(G143.self) { r in G143(a: r.resolve(G142.self)!, b: r.resolve(G71.self)!) }
        container.register(G144.self) { r in G144(a: r.resolve(G143.self)!, b: r.resolve(G72.self)!) }
        container.register(G145.self) { r in G145(a: r.resolve(G144.self)!, b: r.resolve(G72.self)!) }
        container.register(G146.self) { r in G146(a: r.resolve(G145.self)!, b: r.resolve(G73.self)!) }
        container.register(G147.self) { r in G147(a: r.resolve(G146.self)!, b: r.resolve(G73.self)!) }
        container.register(G148.self) { r in G148(a: r.resolve(G147.self)!, b: r.resolve(G74.self)!) }
        container.register(G149.self) { r in G149(a: r.resolve(G148.self)!, b: r.resolve(G74.self)!) }
        container.register(G150.self) { r in G150(a: r.resolve(G149.self)!, b: r.resolve(G75.self)!) }
        container.register(G151.self) { r in G151(a: r.resolve(G150.self)!, b: r.resolve(G75.self)!) }
        container.register(G152.self) { r in G152(a: r.resolve(G151.self)!, b: r.resolve(G76.self)!) }
        container.register(G153.self) { r in G153(a: r.resolve(G152.self)!, b: r.resolve(G76.self)!) }
        container.register(G154.self) { r in G154(a: r.resolve(G153.self)!, b: r.resolve(G77.self)!) }
        container.register(G155.self) { r in G155(a: r.resolve(G154.self)!, b: r.resolve(G77.self)!) }
        container.register(G156.self) { r in G156(a: r.resolve(G155.self)!, b: r.resolve(G78.self)!) }
        container.register(G157.self) { r in G157(a: r.resolve(G156.self)!, b: r.resolve(G78.self)!) }
        container.register(G158.self) { r in G158(a: r.resolve(G157.self)!, b: r.resolve(G79.self)!) }
        container.register(G159.self) { r in G159(a: r.resolve(G158.self)!, b: r.resolve(G79.self)!) }
        container.register(G160.self) { r in G160(a: r.resolve(G159.self)!, b: r.resolve(G80.self)!) }
        container.register(G161.self) { r in G161(a: r.resolve(G160.self)!, b: r.resolve(G80.self)!) }
        container.register(G162.self) { r in G162(a: r.resolve(G161.self)!, b: r.resolve(G81.self)!) }
        container.register(G163.self) { r in G163(a: r.resolve(G162.self)!, b: r.resolve(G81.self)!) }
        container.register(G164.self) { r in G164(a: r.resolve(G163.self)!, b: r.resolve(G82.self)!) }
        container.register(G165.self) { r in G165(a: r.resolve(G164.self)!, b: r.resolve(G82.self)!) }
        container.register(G166.self) { r in G166(a: r.resolve(G165.self)!, b: r.resolve(G83.self)!) }
        container.register(G167.self) { r in G167(a: r.resolve(G166.self)!, b: r.resolve(G83.self)!) }
        container.register(G168.self) { r in G168(a: r.resolve(G167.self)!, b: r.resolve(G84.self)!) }
        container.register(G169.self) { r in G169(a: r.resolve(G168.self)!, b: r.resolve(G84.self)!) }
        container.register(G170.self) { r in G170(a: r.resolve(G169.self)!, b: r.resolve(G85.self)!) }
        container.register(G171.self) { r in G171(a: r.resolve(G170.self)!, b: r.resolve(G85.self)!) }
        container.register(G172.self) { r in G172(a: r.resolve(G171.self)!, b: r.resolve(G86.self)!) }
        container.register(G173.self) { r in G173(a: r.resolve(G172.self)!, b: r.resolve(G86.self)!) }
        container.register(G174.self) { r in G174(a: r.resolve(G173.self)!, b: r.resolve(G87.self)!) }
        container.register(G175.self) { r in G175(a: r.resolve(G174.self)!, b: r.resolve(G87.self)!) }
        container.register(G176.self) { r in G176(a: r.resolve(G175.self)!, b: r.resolve(G88.self)!) }
        container.register(G177.self) { r in G177(a: r.resolve(G176.self)!, b: r.resolve(G88.self)!) }
        container.register(G178.self) { r in G178(a: r.resolve(G177.self)!, b: r.resolve(G89.self)!) }
        container.register(G179.self) { r in G179(a: r.resolve(G178.self)!, b: r.resolve(G89.self)!) }
        container.register(G180.self) { r in G180(a: r.resolve(G179.self)!, b: r.resolve(G90.self)!) }
        container.register(G181.self) { r in G181(a: r.resolve(G180.self)!, b: r.resolve(G90.self)!) }
        container.register(G182.self) { r in G182(a: r.resolve(G181.self)!, b: r.resolve(G91.self)!) }
        container.register(G183.self) { r in G183(a: r.resolve(G182.self)!, b: r.resolve(G91.self)!) }
        container.register(G184.self) { r in G184(a: r.resolve(G183.self)!, b: r.resolve(G92.self)!) }
        container.register(G185.self) { r in G185(a: r.resolve(G184.self)!, b: r.resolve(G92.self)!) }
        container.register(G186.self) { r in G186(a: r.resolve(G185.self)!, b: r.resolve(G93.self)!) }
        container.register(G187.self) { r in G187(a: r.resolve(G186.self)!, b: r.resolve(G93.self)!) }
        container.register(G188.self) { r in G188(a: r.resolve(G187.self)!, b: r.resolve(G94.self)!) }
        container.register(G189.self) { r in G189(a: r.resolve(G188.self)!, b: r.resolve(G94.self)!) }
        container.register(G190.self) { r in G190(a: r.resolve(G189.self)!, b: r.resolve(G95.self)!) }
        container.register(G191.self) { r in G191(a: r.resolve(G190.self)!, b: r.resolve(G95.self)!) }
        container.register(G192.self) { r in G192(a: r.resolve(G191.self)!, b: r.resolve(G96.self)!) }
        container.register(G193.self) { r in G193(a: r.resolve(G192.self)!, b: r.resolve(G96.self)!) }
        container.register(G194.self) { r in G194(a: r.resolve(G193.self)!, b: r.resolve(G97.self)!) }
        container.register(G195.self) { r in G195(a: r.resolve(G194.self)!, b: r.resolve(G97.self)!) }
        container.register(G196.self) { r in G196(a: r.resolve(G195.self)!, b: r.resolve(G98.self)!) }
        container.register(G197.self) { r in G197(a: r.resolve(G196.self)!, b: r.resolve(G98.self)!) }
        container.register(G198.self) { r in G198(a: r.resolve(G197.self)!, b: r.resolve(G99.self)!) }
        container.register(G199.self) { r in G199(a: r.resolve(G198.self)!, b: r.resolve(G99.self)!) }
        container.register(G200.self) { r in G200(a: r.resolve(G199.self)!, b: r.resolve(G100.self)!) }
        container.register(G201.self) { r in G201(a: r.resolve(G200.self)!, b: r.resolve(G100.self)!) }
        container.register(G202.self) { r in G202(a: r.resolve(G201.self)!, b: r.resolve(G101.self)!) }
        container.register(G203.self) { r in G203(a: r.resolve(G202.self)!, b: r.resolve(G101.self)!) }
        container.register(G204.self) { r in G204(a: r.resolve(G203.self)!, b: r.resolve(G102.self)!) }
        container.register(G205.self) { r in G205(a: r.resolve(G204.self)!, b: r.resolve(G102.self)!) }
        container.register(G206.self) { r in G206(a: r.resolve(G205.self)!, b: r.resolve(G103.self)!) }
        container.register(G207.self) { r in G207(a: r.resolve(G206.self)!, b: r.resolve(G103.self)!) }
        container.register(G208.self) { r in G208(a: r.resolve(G207.self)!, b: r.resolve(G104.self)!) }
        container.register(G209.self) { r in G209(a: r.resolve(G208.self)!, b: r.resolve(G104.self)!) }
        container.register(G210.self) { r in G210(a: r.resolve(G209.self)!, b: r.resolve(G105.self)!) }
        container.register(G211.self) { r in G211(a: r.resolve(G210.self)!, b: r.resolve(G105.self)!) }
        container.register(G212.self) { r in G212(a: r.resolve(G211.self)!, b: r.resolve(G106.self)!) }
        container.register(G213.self) { r in G213(a: r.resolve(G212.self)!, b: r.resolve(G106.self)!) }
        container.register(G214.self) { r in G214(a: r.resolve(G213.self)!, b: r.resolve(G107.self)!) }
        container.register(G215.self) { r in G215(a: r.resolve(G214.self)!, b: r.resolve(G107.self)!) }
        container.register(G216.self) { r in G216(a: r.resolve(G215.self)!, b: r.resolve(G108.self)!) }
        container.register(G217.self) { r in G217(a: r.resolve(G216.self)!, b: r.resolve(G108.self)!) }
        container.register(G218.self) { r in G218(a: r.resolve(G217.self)!, b: r.resolve(G109.self)!) }
        container.register(G219.self) { r in G219(a: r.resolve(G218.self)!, b: r.resolve(G109.self)!) }
        container.register(G220.self) { r in G220(a: r.resolve(G219.self)!, b: r.resolve(G110.self)!) }
        container.register(G221.self) { r in G221(a: r.resolve(G220.self)!, b: r.resolve(G110.self)!) }
        container.register(G222.self) { r in G222(a: r.resolve(G221.self)!, b: r.resolve(G111.self)!) }
        container.register(G223.self) { r in G223(a: r.resolve(G222.self)!, b: r.resolve(G111.self)!) }
        container.register(G224.self) { r in G224(a: r.resolve(G223.self)!, b: r.resolve(G112.self)!) }
        container.register(G225.self) { r in G225(a: r.resolve(G224.self)!, b: r.resolve(G112.self)!) }
        container.register(G226.self) { r in G226(a: r.resolve(G225.self)!, b: r.resolve(G113.self)!) }
        container.register(G227.self) { r in G227(a: r.resolve(G226.self)!, b: r.resolve(G113.self)!) }
        container.register(G228.self) { r in G228(a: r.resolve(G227.self)!, b: r.resolve(G114.self)!) }
        container.register(G229.self) { r in G229(a: r.resolve(G228.self)!, b: r.resolve(G114.self)!) }
        container.register(G230.self) { r in G230(a: r.resolve(G229.self)!, b: r.resolve(G115.self)!) }
        container.register(G231.self) { r in G231(a: r.resolve(G230.self)!, b: r.resolve(G115.self)!) }
        container.register(G232.self) { r in G232(a: r.resolve(G231.self)!, b: r.resolve(G116.self)!) }
        container.register(G233.self) { r in G233(a: r.resolve(G232.self)!, b: r.resolve(G116.self)!) }
        container.register(G234.self) { r in G234(a: r.resolve(G233.self)!, b: r.resolve(G117.self)!) }
        container.register(G235.self) { r in G235(a: r.resolve(G234.self)!, b: r.resolve(G117.self)!) }
        container.register(G236.self) { r in G236(a: r.resolve(G235.self)!, b: r.resolve(G118.self)!) }
        container.register(G237.self) { r in G237(a: r.resolve(G236.self)!, b: r.resolve(G118.self)!) }
        container.register(G238.self) { r in G238(a: r.resolve(G237.self)!, b: r.resolve(G119.self)!) }
        container.register(G239.self) { r in G239(a: r.resolve(G238.self)!, b: r.resolve(G119.self)!) }
        container.register(G240.self) { r in G240(a: r.resolve(G239.self)!, b: r.resolve(G120.self)!) }
        container.register(G241.self) { r in G241(a: r.resolve(G240.self)!, b: r.resolve(G120.self)!) }
        container.register(G242.self) { r in G242(a: r.resolve(G241.self)!, b: r.resolve(G121.self)!) }
        container.register(G243.self) { r in G243(a: r.resolve(G242.self)!, b: r.resolve(G121.self)!) }
        container.register(G244.self) { r in G244(a: r.resolve(G243.self)!, b: r.resolve(G122.self)!) }
        container.register(G245.self) { r in G245(a: r.resolve(G244.self)!, b: r.resolve(G122.self)!) }
        container.register(G246.self) { r in G246(a: r.resolve(G245.self)!, b: r.resolve(G123.self)!) }
        container.register(G247.self) { r in G247(a: r.resolve(G246.self)!, b: r.resolve(G123.self)!) }
        container.register(G248.self) { r in G248(a: r.resolve(G247.self)!, b: r.resolve(G124.self)!) }
        container.register(G249.self) { r in G249(a: r.resolve(G248.self)!, b: r.resolve(G124.self)!) }
        container.register(G250.self) { r in G250(a: r.resolve(G249.self)!, b: r.resolve(G125.self)!) }
        container.register(G251.self) { r in G251(a: r.resolve(G250.self)!, b: r.resolve(G125.self)!) }
        container.register(G252.self) { r in G252(a: r.resolve(G251.self)!, b: r.resolve(G126.self)!) }
        container.register(G253.self) { r in G253(a: r.resolve(G252.self)!, b: r.resolve(G126.self)!) }
        container.register(G254.self) { r in G254(a: r.resolve(G253.self)!, b: r.resolve(G127.self)!) }
        container.register(G255.self) { r in G255(a: r.resolve(G254.self)!, b: r.resolve(G127.self)!) }
        container.register(G256.self) { r in G256(a: r.resolve(G255.self)!, b: r.resolve(G128.self)!) }
        container.register(G257.self) { r in G257(a: r.resolve(G256.self)!, b: r.resolve(G128.self)!) }
        container.register(G258.self) { r in G258(a: r.resolve(G257.self)!, b: r.resolve(G129.self)!) }
        container.register(G259.self) { r in G259(a: r.resolve(G258.self)!, b: r.resolve(G129.self)!) }
        container.register(G260.self) { r in G260(a: r.resolve(G259.self)!, b: r.resolve(G130.self)!) }
        container.register(G261.self) { r in G261(a: r.resolve(G260.self)!, b: r.resolve(G130.self)!) }
        container.register(G262.self) { r in G262(a: r.resolve(G261.self)!, b: r.resolve(G131.self)!) }
        container.register(G263.self) { r in G263(a: r.resolve(G262.self)!, b: r.resolve(G131.self)!) }
        container.register(G264.self) { r in G264(a: r.resolve(G263.self)!, b: r.resolve(G132.self)!) }
        container.register(G265.self) { r in G265(a: r.resolve(G264.self)!, b: r.resolve(G132.self)!) }
        container.register(G266.self) { r in G266(a: r.resolve(G265.self)!, b: r.resolve(G133.self)!) }
        container.register(G267.self) { r in G267(a: r.resolve(G266.self)!, b: r.resolve(G133.self)!) }
        container.register(G268.self) { r in G268(a: r.resolve(G267.self)!, b: r.resolve(G134.self)!) }
        container.register(G269.self) { r in G269(a: r.resolve(G268.self)!, b: r.resolve(G134.self)!) }
        container.register(G270.self) { r in G270(a: r.resolve(G269.self)!, b: r.resolve(G135.self)!) }
        container.register(G271.self) { r in G271(a: r.resolve(G270.self)!, b: r.resolve(G135.self)!) }
        container.register(G272.self) { r in G272(a: r.resolve(G271.self)!, b: r.resolve(G136.self)!) }
        container.register(G273.self) { r in G273(a: r.resolve(G272.self)!, b: r.resolve(G136.self)!) }
        container.register(G274.self) { r in G274(a: r.resolve(G273.self)!, b: r.resolve(G137.self)!) }
        container.register(G275.self) { r in G275(a: r.resolve(G274.self)!, b: r.resolve(G137.self)!) }
        container.register(G276.self) { r in G276(a: r.resolve(G275.self)!, b: r.resolve(G138.self)!) }
        container.register(G277.self) { r in G277(a: r.resolve(G276.self)!, b: r.resolve(G138.self)!) }
        container.register(G278.self) { r in G278(a: r.resolve(G277.self)!, b: r.resolve(G139.self)!) }
        container.register(G279.self) { r in G279(a: r.resolve(G278.self)!, b: r.resolve(G139.self)!) }
        container.register(G280.self) { r in G280(a: r.resolve(G279.self)!, b: r.resolve(G140.self)!) }
        container.register(G281.self) { r in G281(a: r.resolve(G280.self)!, b: r.resolve(G140.self)!) }
        container.register(G282.self) { r in G282(a: r.resolve(G281.self)!, b: r.resolve(G141.self)!) }
        container.register(G283.self) { r in G283(a: r.resolve(G282.self)!, b: r.resolve(G141.self)!) }
        container.register(G284.self) { r in G284(a: r.resolve(G283.self)!, b: r.resolve(G142.self)!) }
        container.register(G285.self) { r in G285(a: r.resolve(G284.self)!, b: r.resolve(G142.self)!) }
        container.register(G286.self) { r in G286(a: r.resolve(G285.self)!, b: r.resolve(G143.self)!) }
        container.register(G287.self) { r in G287(a: r.resolve(G286.self)!, b: r.resolve(G143.self)!) }
        container.register(G288.self) { r in G288(a: r.resolve(G287.self)!, b: r.resolve(G144.self)!) }
        container.register(G289.self) { r in G289(a: r.resolve(G288.self)!, b: r.resolve(G144.self)!) }
        container.register(G290.self) { r in G290(a: r.resolve(G289.self)!, b: r.resolve(G145.self)!) }
        container.register(G291.self) { r in G291(a: r.resolve(G290.self)!, b: r.resolve(G145.self)!) }
        container.register(G292.self) { r in G292(a: r.resolve(G291.self)!, b: r.resolve(G146.self)!) }
        container.register(G293.self) { r in G293(a: r.resolve(G292.self)!, b: r.resolve(G146.self)!) }
        container.register(G294.self) { r in G294(a: r.resolve(G293.self)!, b: r.resolve(G147.self)!) }
        container.register(G295.self) { r in G295(a: r.resolve(G294.self)!, b: r.resolve(G147.self)!) }
        container.register(G296.self) { r in G296(a: r.resolve(G295.self)!, b: r.resolve(G148.self)!) }
        container.register(G297.self) { r in G297(a: r.resolve(G296.self)!, b: r.resolve(G148.self)!) }
        container.register(G298.self) { r in G298(a: r.resolve(G297.self)!, b: r.resolve(G149.self)!) }
        container.register(G299.self) { r in G299(a: r.resolve(G298.self)!, b: r.resolve(G149.self)!) }
        container.register(G300.self) { r in G300(a: r.resolve(G299.self)!, b: r.resolve(G150.self)!) }
        container.register(G301.self) { r in G301(a: r.resolve(G300.self)!, b: r.resolve(G150.self)!) }
        container.register(G302.self) { r in G302(a: r.resolve(G301.self)!, b: r.resolve(G151.self)!) }
        container.register(G303.self) { r in G303(a: r.resolve(G302.self)!, b: r.resolve(G151.self)!) }
        container.register(G304.self) { r in G304(a: r.resolve(G303.self)!, b: r.resolve(G152.self)!) }
        container.register(G305.self) { r in G305(a: r.resolve(G304.self)!, b: r.resolve(G152.self)!) }
        container.register(G306.self) { r in G306(a: r.resolve(G305.self)!, b: r.resolve(G153.self)!) }
        container.register(G307.self) { r in G307(a: r.resolve(G306.self)!, b: r.resolve(G153.self)!) }
        container.register(G308.self) { r in G308(a: r.resolve(G307.self)!, b: r.resolve(G154.self)!) }
        container.register(G309.self) { r in G309(a: r.resolve(G308.self)!, b: r.resolve(G154.self)!) }
        container.register(G310.self) { r in G310(a: r.resolve(G309.self)!, b: r.resolve(G155.self)!) }
        container.register(G311.self) { r in G311(a: r.resolve(G310.self)!, b: r.resolve(G155.self)!) }
        container.register(G312.self) { r in G312(a: r.resolve(G311.self)!, b: r.resolve(G156.self)!) }
        container.register(G313.self) { r in G313(a: r.resolve(G312.self)!, b: r.resolve(G156.self)!) }
        container.register(G314.self) { r in G314(a: r.resolve(G313.self)!, b: r.resolve(G157.self)!) }
        container.register(G315.self) { r in G315(a: r.resolve(G314.self)!, b: r.resolve(G157.self)!) }
        container.register(G316.self) { r in G316(a: r.resolve(G315.self)!, b: r.resolve(G158.self)!) }
        container.register(G317.self) { r in G317(a: r.resolve(G316.self)!, b: r.resolve(G158.self)!) }
        container.register(G318.self) { r in G318(a: r.resolve(G317.self)!, b: r.resolve(G159.self)!) }
        container.register(G319.self) { r in G319(a: r.resolve(G318.self)!, b: r.resolve(G159.self)!) }
        container.register(G320.self) { r in G320(a: r.resolve(G319.self)!, b: r.resolve(G160.self)!) }
        container.register(G321.self) { r in G321(a: r.resolve(G320.self)!, b: r.resolve(G160.self)!) }
        container.register(G322.self) { r in G322(a: r.resolve(G321.self)!, b: r.resolve(G161.self)!) }
        container.register(G323.self) { r in G323(a: r.resolve(G322.self)!, b: r.resolve(G161.self)!) }
        container.register(G324.self) { r in G324(a: r.resolve(G323.self)!, b: r.resolve(G162.self)!) }
        container.register(G325.self) { r in G325(a: r.resolve(G324.self)!, b: r.resolve(G162.self)!) }
        container.register(G326.self) { r in G326(a: r.resolve(G325.self)!, b: r.resolve(G163.self)!) }
        container.register(G327.self) { r in G327(a: r.resolve(G326.self)!, b: r.resolve(G163.self)!) }
        container.register(G328.self) { r in G328(a: r.resolve(G327.self)!, b: r.resolve(G164.self)!) }
        container.register(G329.self) { r in G329(a: r.resolve(G328.self)!, b: r.resolve(G164.self)!) }
        container.register(G330.self) { r in G330(a: r.resolve(G329.self)!, b: r.resolve(G165.self)!) }
        container.register(G331.self) { r in G331(a: r.resolve(G330.self)!, b: r.resolve(G165.self)!) }
        container.register(G332.self) { r in G332(a: r.resolve(G331.self)!, b: r.resolve(G166.self)!) }
        container.register(G333.self) { r in G333(a: r.resolve(G332.self)!, b: r.resolve(G166.self)!) }
        container.register(G334.self) { r in G334(a: r.resolve(G333.self)!, b: r.resolve(G167.self)!) }
        container.register(G335.self) { r in G335(a: r.resolve(G334.self)!, b: r.resolve(G167.self)!) }
        container.register(G336.self) { r in G336(a: r.resolve(G335.self)!, b: r.resolve(G168.self)!) }
        container.register(G337.self) { r in G337(a: r.resolve(G336.self)!, b: r.resolve(G168.self)!) }
        container.register(G338.self) { r in G338(a: r.resolve(G337.self)!, b: r.resolve(G169.self)!) }
        container.register(G339.self) { r in G339(a: r.resolve(G338.self)!, b: r.resolve(G169.self)!) }
        container.register(G340.self) { r in G340(a: r.resolve(G339.self)!, b: r.resolve(G170.self)!) }
        container.register(G341.self) { r in G341(a: r.resolve(G340.self)!, b: r.resolve(G170.self)!) }
        container.register(G342.self) { r in G342(a: r.resolve(G341.self)!, b: r.resolve(G171.self)!) }
        container.register(G343.self) { r in G343(a: r.resolve(G342.self)!, b: r.resolve(G171.self)!) }
        container.register(G344.self) { r in G344(a: r.resolve(G343.self)!, b: r.resolve(G172.self)!) }
        container.register(G345.self) { r in G345(a: r.resolve(G344.self)!, b: r.resolve(G172.self)!) }
        container.register(G346.self) { r in G346(a: r.resolve(G345.self)!, b: r.resolve(G173.self)!) }
        container.register(G347.self) { r in G347(a: r.resolve(G346.self)!, b: r.resolve(G173.self)!) }
        container.register(G348.self) { r in G348(a: r.resolve(G347.self)!, b: r.resolve(G174.self)!) }
        container.register(G349.self) { r in G349(a: r.resolve(G348.self)!, b: r.resolve(G174.self)!) }
        container.register(G350.self) { r in G350(a: r.resolve(G349.self)!, b: r.resolve(G175.self)!) }
        container.register(G351.self) { r in G351(a: r.resolve(G350.self)!, b: r.resolve(G175.self)!) }
        container.register(G352.self) { r in G352(a: r.resolve(G351.self)!, b: r.resolve(G176.self)!) }
        container.register(G353.self) { r in G353(a: r.resolve(G352.self)!, b: r.resolve(G176.self)!) }
        container.register(G354.self) { r in G354(a: r.resolve(G353.self)!, b: r.resolve(G177.self)!) }
        container.register(G355.self) { r in G355(a: r.resolve(G354.self)!, b: r.resolve(G177.self)!) }
        container.register(G356.self) { r in G356(a: r.resolve(G355.self)!, b: r.resolve(G178.self)!) }
        container.register(G357.self) { r in G357(a: r.resolve(G356.self)!, b: r.resolve(G178.self)!) }
        container.register(G358.self) { r in G358(a: r.resolve(G357.self)!, b: r.resolve(G179.self)!) }
        container.register(G359.self) { r in G359(a: r.resolve(G358.self)!, b: r.resolve(G179.self)!) }
        container.register(G360.self) { r in G360(a: r.resolve(G359.self)!, b: r.resolve(G180.self)!) }
        container.register(G361.self) { r in G361(a: r.resolve(G360.self)!, b: r.resolve(G180.self)!) }
        container.register(G362.self) { r in G362(a: r.resolve(G361.self)!, b: r.resolve(G181.self)!) }
        container.register(G363.self) { r in G363(a: r.resolve(G362.self)!, b: r.resolve(G181.self)!) }
        container.register(G364.self) { r in G364(a: r.resolve(G363.self)!, b: r.resolve(G182.self)!) }
        container.register(G365.self) { r in G365(a: r.resolve(G364.self)!, b: r.resolve(G182.self)!) }
        container.register(G366.self) { r in G366(a: r.resolve(G365.self)!, b: r.resolve(G183.self)!) }
        container.register(G367.self) { r in G367(a: r.resolve(G366.self)!, b: r.resolve(G183.self)!) }
        container.register(G368.self) { r in G368(a: r.resolve(G367.self)!, b: r.resolve(G184.self)!) }
        container.register(G369.self) { r in G369(a: r.resolve(G368.self)!, b: r.resolve(G184.self)!) }
        container.register(G370.self) { r in G370(a: r.resolve(G369.self)!, b: r.resolve(G185.self)!) }
        container.register(G371.self) { r in G371(a: r.resolve(G370.self)!, b: r.resolve(G185.self)!) }
        container.register(G372.self) { r in G372(a: r.resolve(G371.self)!, b: r.resolve(G186.self)!) }
        container.register(G373.self) { r in G373(a: r.resolve(G372.self)!, b: r.resolve(G186.self)!) }
        container.register(G374.self) { r in G374(a: r.resolve(G373.self)!, b: r.resolve(G187.self)!) }
        container.register(G375.self) { r in G375(a: r.resolve(G374.self)!, b: r.resolve(G187.self)!) }
        container.register(G376.self) { r in G376(a: r.resolve(G375.self)!, b: r.resolve(G188.self)!) }
        container.register(G377.self) { r in G377(a: r.resolve(G376.self)!, b: r.resolve(G188.self)!) }
        container.register(G378.self) { r in G378(a: r.resolve(G377.self)!, b: r.resolve(G189.self)!) }
        container.register(G379.self) { r in G379(a: r.resolve(G378.self)!, b: r.resolve(G189.self)!) }
        container.register(G380.self) { r in G380(a: r.resolve(G379.self)!, b: r.resolve(G190.self)!) }
        container.register(G381.self) { r in G381(a: r.resolve(G380.self)!, b: r.resolve(G190.self)!) }
        container.register(G382.self) { r in G382(a: r.resolve(G381.self)!, b: r.resolve(G191.self)!) }
        container.register(G383.self) { r in G383(a: r.resolve(G382.self)!, b: r.resolve(G191.self)!) }
        container.register(G384.self) { r in G384(a: r.resolve(G383.self)!, b: r.resolve(G192.self)!) }
        container.register(G385.self) { r in G385(a: r.resolve(G384.self)!, b: r.resolve(G192.self)!) }
        container.register(G386.self) { r in G386(a: r.resolve(G385.self)!, b: r.resolve(G193.self)!) }
        container.register(G387.self) { r in G387(a: r.resolve(G386.self)!, b: r.resolve(G193.self)!) }
        container.register(G388.self) { r in G388(a: r.resolve(G387.self)!, b: r.resolve(G194.self)!) }
        container.register(G389.self) { r in G389(a: r.resolve(G388.self)!, b: r.resolve(G194.self)!) }
        container.register(G390.self) { r in G390(a: r.resolve(G389.self)!, b: r.resolve(G195.self)!) }
        container.register(G391.self) { r in G391(a: r.resolve(G390.self)!, b: r.resolve(G195.self)!) }
        container.register(G392.self) { r in G392(a: r.resolve(G391.self)!, b: r.resolve(G196.self)!) }
        container.register(G393.self) { r in G393(a: r.resolve(G392.self)!, b: r.resolve(G196.self)!) }
        container.register(G394.self) { r in G394(a: r.resolve(G393.self)!, b: r.resolve(G197.self)!) }
        container.register(G395.self) { r in G395(a: r.resolve(G394.self)!, b: r.resolve(G197.self)!) }
        container.register(G396.self) { r in G396(a: r.resolve(G395.self)!, b: r.resolve(G198.self)!) }
        container.register(G397.self) { r in G397(a: r.resolve(G396.self)!, b: r.resolve(G198.self)!) }
        container.register(G398.self) { r in G398(a: r.resolve(G397.self)!, b: r.resolve(G199.self)!) }
        container.register(G399.self) { r in G399(a: r.resolve(G398.self)!, b: r.resolve(G199.self)!) }
        container.register(G400.self) { r in G400(a: r.resolve(G399.self)!, b: r.resolve(G200.self)!) }
        container.register(G401.self) { r in G401(a: r.resolve(G400.self)!, b: r.resolve(G200.self)!) }
        container.register(G402.self) { r in G402(a: r.resolve(G401.self)!, b: r.resolve(G201.self)!) }
        container.register(G403.self) { r in G403(a: r.resolve(G402.self)!, b: r.resolve(G201.self)!) }
        container.register(G404.self) { r in G404(a: r.resolve(G403.self)!, b: r.resolve(G202.self)!) }
        container.register(G405.self) { r in G405(a: r.resolve(G404.self)!, b: r.resolve(G202.self)!) }
        container.register(G406.self) { r in G406(a: r.resolve(G405.self)!, b: r.resolve(G203.self)!) }
        container.register(G407.self) { r in G407(a: r.resolve(G406.self)!, b: r.resolve(G203.self)!) }
        container.register(G408.self) { r in G408(a: r.resolve(G407.self)!, b: r.resolve(G204.self)!) }
        container.register(G409.self) { r in G409(a: r.resolve(G408.self)!, b: r.resolve(G204.self)!) }
        container.register(G410.self) { r in G410(a: r.resolve(G409.self)!, b: r.resolve(G205.self)!) }
        container.register(G411.self) { r in G411(a: r.resolve(G410.self)!, b: r.resolve(G205.self)!) }
        container.register(G412.self) { r in G412(a: r.resolve(G411.self)!, b: r.resolve(G206.self)!) }
        container.register(G413.self) { r in G413(a: r.resolve(G412.self)!, b: r.resolve(G206.self)!) }
        container.register(G414.self) { r in G414(a: r.resolve(G413.self)!, b: r.resolve(G207.self)!) }
        container.register(G415.self) { r in G415(a: r.resolve(G414.self)!, b: r.resolve(G207.self)!) }
        container.register(G416.self) { r in G416(a: r.resolve(G415.self)!, b: r.resolve(G208.self)!) }
        container.register(G417.self) { r in G417(a: r.resolve(G416.self)!, b: r.resolve(G208.self)!) }
        container.register(G418.self) { r in G418(a: r.resolve(G417.self)!, b: r.resolve(G209.self)!) }
        container.register(G419.self) { r in G419(a: r.resolve(G418.self)!, b: r.resolve(G209.self)!) }
        container.register(G420.self) { r in G420(a: r.resolve(G419.self)!, b: r.resolve(G210.self)!) }
        container.register(G421.self) { r in G421(a: r.resolve(G420.self)!, b: r.resolve(G210.self)!) }
        container.register(G422.self) { r in G422(a: r.resolve(G421.self)!, b: r.resolve(G211.self)!) }
        container.register(G423.self) { r in G423(a: r.resolve(G422.self)!, b: r.resolve(G211.self)!) }
        container.register(G424.self) { r in G424(a: r.resolve(G423.self)!, b: r.resolve(G212.self)!) }
        container.register(G425.self) { r in G425(a: r.resolve(G424.self)!, b: r.resolve(G212.self)!) }
        container.register(G426.self) { r in G426(a: r.resolve(G425.self)!, b: r.resolve(G213.self)!) }
        container.register(G427.self) { r in G427(a: r.resolve(G426.self)!, b: r.resolve(G213.self)!) }
        container.register(G428.self) { r in G428(a: r.resolve(G427.self)!, b: r.resolve(G214.self)!) }
        container.register(G429.self) { r in G429(a: r.resolve(G428.self)!, b: r.resolve(G214.self)!) }
        container.register(G430.self) { r in G430(a: r.resolve(G429.self)!, b: r.resolve(G215.self)!) }
        container.register(G431.self) { r in G431(a: r.resolve(G430.self)!, b: r.resolve(G215.self)!) }
        container.register(G432.self) { r in G432(a: r.resolve(G431.self)!, b: r.resolve(G216.self)!) }
        container.register(G433.self) { r in G433(a: r.resolve(G432.self)!, b: r.resolve(G216.self)!) }
        container.register(G434.self) { r in G434(a: r.resolve(G433.self)!, b: r.resolve(G217.self)!) }
        container.register(G435.self) { r in G435(a: r.resolve(G434.self)!, b: r.resolve(G217.self)!) }
        container.register(G436.self) { r in G436(a: r.resolve(G435.self)!, b: r.resolve(G218.self)!) }
        container.register(G437.self) { r in G437(a: r.resolve(G436.self)!, b: r.resolve(G218.self)!) }
        container.register(G438.self) { r in G438(a: r.resolve(G437.self)!, b: r.resolve(G219.self)!) }
        container.register(G439.self) { r in G439(a: r.resolve(G438.self)!, b: r.resolve(G219.self)!) }
        container.register(G440.self) { r in G440(a: r.resolve(G439.self)!, b: r.resolve(G220.self)!) }
        container.register(G441.self) { r in G441(a: r.resolve(G440.self)!, b: r.resolve(G220.self)!) }
        container.register(G442.self) { r in G442(a: r.resolve(G441.self)!, b: r.resolve(G221.self)!) }
        container.register(G443.self) { r in G443(a: r.resolve(G442.self)!, b: r.resolve(G221.self)!) }
        container.register(G444.self) { r in G444(a: r.resolve(G443.self)!, b: r.resolve(G222.self)!) }
        container.register(G445.self) { r in G445(a: r.resolve(G444.self)!, b: r.resolve(G222.self)!) }
        container.register(G446.self) { r in G446(a: r.resolve(G445.self)!, b: r.resolve(G223.self)!) }
        container.register(G447.self) { r in G447(a: r.resolve(G446.self)!, b: r.resolve(G223.self)!) }
        container.register(G448.self) { r in G448(a: r.resolve(G447.self)!, b: r.resolve(G224.self)!) }
        container.register(G449.self) { r in G449(a: r.resolve(G448.self)!, b: r.resolve(G224.self)!) }
        container.register(G450.self) { r in G450(a: r.resolve(G449.self)!, b: r.resolve(G225.self)!) }
        container.register(G451.self) { r in G451(a: r.resolve(G450.self)!, b: r.resolve(G225.self)!) }
        container.register(G452.self) { r in G452(a: r.resolve(G451.self)!, b: r.resolve(G226.self)!) }
        container.register(G453.self) { r in G453(a: r.resolve(G452.self)!, b: r.resolve(G226.self)!) }
        container.register(G454.self) { r in G454(a: r.resolve(G453.self)!, b: r.resolve(G227.self)!) }
        container.register(G455.self) { r in G455(a: r.resolve(G454.self)!, b: r.resolve(G227.self)!) }
        container.register(G456.self) { r in G456(a: r.resolve(G455.self)!, b: r.resolve(G228.self)!) }
        container.register(G457.self) { r in G457(a: r.resolve(G456.self)!, b: r.resolve(G228.self)!) }
        container.register(G458.self) { r in G458(a: r.resolve(G457.self)!, b: r.resolve(G229.self)!) }
        container.register(G459.self) { r in G459(a: r.resolve(G458.self)!, b: r.resolve(G229.self)!) }
        container.register(G460.self) { r in G460(a: r.resolve(G459.self)!, b: r.resolve(G230.self)!) }
        container.register(G461.self) { r in G461(a: r.resolve(G460.self)!, b: r.resolve(G230.self)!) }
        container.register(G462.self) { r in G462(a: r.resolve(G461.self)!, b: r.resolve(G231.self)!) }
        container.register(G463.self) { r in G463(a: r.resolve(G462.self)!, b: r.resolve(G231.self)!) }
        container.register(G464.self) { r in G464(a: r.resolve(G463.self)!, b: r.resolve(G232.self)!) }
        container.register(G465.self) { r in G465(a: r.resolve(G464.self)!, b: r.resolve(G232.self)!) }
        container.register(G466.self) { r in G466(a: r.resolve(G465.self)!, b: r.resolve(G233.self)!) }
        container.register(G467.self) { r in G467(a: r.resolve(G466.self)!, b: r.resolve(G233.self)!) }
        container.register(G468.self) { r in G468(a: r.resolve(G467.self)!, b: r.resolve(G234.self)!) }
        container.register(G469.self) { r in G469(a: r.resolve(G468.self)!, b: r.resolve(G234.self)!) }
        container.register(G470.self) { r in G470(a: r.resolve(G469.self)!, b: r.resolve(G235.self)!) }
        container.register(G471.self) { r in G471(a: r.resolve(G470.self)!, b: r.resolve(G235.self)!) }
        container.register(G472.self) { r in G472(a: r.resolve(G471.self)!, b: r.resolve(G236.self)!) }
        container.register(G473.self) { r in G473(a: r.resolve(G472.self)!, b: r.resolve(G236.self)!) }
        container.register(G474.self) { r in G474(a: r.resolve(G473.self)!, b: r.resolve(G237.self)!) }
        container.register(G475.self) { r in G475(a: r.resolve(G474.self)!, b: r.resolve(G237.self)!) }
        container.register(G476.self) { r in G476(a: r.resolve(G475.self)!, b: r.resolve(G238.self)!) }
        container.register(G477.self) { r in G477(a: r.resolve(G476.self)!, b: r.resolve(G238.self)!) }
        container.register(G478.self) { r in G478(a: r.resolve(G477.self)!, b: r.resolve(G239.self)!) }
        container.register(G479.self) { r in G479(a: r.resolve(G478.self)!, b: r.resolve(G239.self)!) }
        container.register(G480.self) { r in G480(a: r.resolve(G479.self)!, b: r.resolve(G240.self)!) }
        container.register(G481.self) { r in G481(a: r.resolve(G480.self)!, b: r.resolve(G240.self)!) }
        container.register(G482.self) { r in G482(a: r.resolve(G481.self)!, b: r.resolve(G241.self)!) }
        container.register(G483.self) { r in G483(a: r.resolve(G482.self)!, b: r.resolve(G241.self)!) }
        container.register(G484.self) { r in G484(a: r.resolve(G483.self)!, b: r.resolve(G242.self)!) }
        container.register(G485.self) { r in G485(a: r.resolve(G484.self)!, b: r.resolve(G242.self)!) }
        container.register(G486.self) { r in G486(a: r.resolve(G485.self)!, b: r.resolve(G243.self)!) }
        container.register(G487.self) { r in G487(a: r.resolve(G486.self)!, b: r.resolve(G243.self)!) }
        container.register(G488.self) { r in G488(a: r.resolve(G487.self)!, b: r.resolve(G244.self)!) }
        container.register(G489.self) { r in G489(a: r.resolve(G488.self)!, b: r.resolve(G244.self)!) }
        container.register(G490.self) { r in G490(a: r.resolve(G489.self)!, b: r.resolve(G245.self)!) }
        container.register(G491.self) { r in G491(a: r.resolve(G490.self)!, b: r.resolve(G245.self)!) }
        container.register(G492.self) { r in G492(a: r.resolve(G491.self)!, b: r.resolve(G246.self)!) }
        container.register(G493.self) { r in G493(a: r.resolve(G492.self)!, b: r.resolve(G246.self)!) }
        container.register(G494.self) { r in G494(a: r.resolve(G493.self)!, b: r.resolve(G247.self)!) }
        container.register(G495.self) { r in G495(a: r.resolve(G494.self)!, b: r.resolve(G247.self)!) }
        container.register(G496.self) { r in G496(a: r.resolve(G495.self)!, b: r.resolve(G248.self)!) }
        container.register(G497.self) { r in G497(a: r.resolve(G496.self)!, b: r.resolve(G248.self)!) }
        container.register(G498.self) { r in G498(a: r.resolve(G497.self)!, b: r.resolve(G249.self)!) }
        container.register(G499.self) { r in G499(a: r.resolve(G498.self)!, b: r.resolve(G249.self)!) }
        return container
    }
}
