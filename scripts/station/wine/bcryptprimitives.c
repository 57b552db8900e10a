/*
 * TEST ONLY, never shipped: Wine 8.0 has no bcryptprimitives.dll, which a
 * Go 1.26 Windows program loads for ProcessPrng, so the station's exe would
 * exit at once under Wine ("bcryptprimitives.dll not found").
 * scripts/station/test-wine.sh builds this with mingw-w64 into the test's
 * Wine prefix only: ProcessPrng fills the buffer from advapi32's
 * SystemFunction036 (RtlGenRandom), which Wine has. Real Windows 10 and 11
 * have the real DLL.
 */
#include <windows.h>

typedef BOOLEAN(WINAPI *rtl_gen_random)(PVOID, ULONG);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
	static rtl_gen_random gen;
	if (!gen) {
		gen = (rtl_gen_random)(void *)GetProcAddress(LoadLibraryA("advapi32.dll"), "SystemFunction036");
		if (!gen)
			return FALSE;
	}
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!gen(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
