; The Lifetag Station installer (NSIS 3.08+), built by scripts/station/build.sh:
;   makensis -DVERSION=0.1.0 -DEXE=...\lifetag-station.exe -DICON=...\icon.ico
;            -DOUTFILE=...\lifetag-station-setup.exe [-DSIGN=...\sign-one.sh]
;            lifetag-station.nsi
; from the exe already signed; SIGN (a command that signs the file it is
; given in place) signs the uninstaller as it is written (!uninstfinalize),
; and the script then signs this installer.
;
; For IT, silently (docs/station.md):
;   lifetag-station-setup.exe /S [/CLOUDURL=https://...] [/SKIPWEBVIEW2CHECK] [/D=C:\path]
;   lifetag-station-setup.exe /S /UNINSTALL [/PURGE]
; or the Add/Remove entry's QuietUninstallString (winget, Intune), which
; uninstalls alike.
;
; The rules, the same as the MSI's (station/build/wix/lifetag-station.wxs):
; - /CLOUDURL= writes HKLM\SOFTWARE\Lifetag\Station\CloudUrl, which the
;   station reads as the machine's policy (station/internal/settings). It must be
;   an https:// address (the station's settings.CheckMachineURL): anything
;   else stops the install before it changes anything.
; - An upgrade without /CLOUDURL= keeps the address already there.
; - An older version than the one installed is refused (uninstall first).
; - Uninstalling removes the program, its shortcut and its Add/Remove entry,
;   and keeps the machine's cloud address and every user's settings,
;   calibration and offline cache (IT removes those on purpose, docs/station.md).
; - Each installer refuses to install over the other.
; - Without the Microsoft Edge WebView2 Runtime (per machine or for the
;   installing account, found as the WebView2 Evergreen installers record
;   it: WEBVIEW2_KEY's "pv", a version other than 0.0.0.0) nothing is
;   installed, exit 1603 as the MSI's; /SKIPWEBVIEW2CHECK (the MSI's
;   SKIPWEBVIEW2CHECK=1) installs anyway, for IT that deploys the runtime
;   after the station or as a Fixed Version runtime.
; - /PURGE (with /UNINSTALL, or to uninstall.exe), as the MSI's PURGE=1:
;   before anything is removed, the installed exe removes every user's
;   offline cache and settings, and the station's entries in the
;   Credential Manager of the account running the uninstall
;   (lifetag-station --purge-all-users, station/internal/purge); if it
;   fails, nothing is uninstalled.
; Every refusal exits with its own code (EXIT_* below) and writes a line to
; the log, %TEMP%\lifetag-station-setup.log (C:\Windows\Temp for SYSTEM).
; A 64-bit installer for a 64-bit program: 32-bit Windows will not start it
; (Windows says the app cannot run on this PC), and it runs where the
; station runs, without the 32-bit subsystem.
Target amd64-unicode
!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"
!include "WordFunc.nsh"
!include "x64.nsh"

!define PRODUCT "Lifetag Station"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\LifetagStation"
!define CONFIG_KEY "SOFTWARE\Lifetag\Station"
!define LOG "$TEMP\lifetag-station-setup.log"
; Where the WebView2 Runtime's Evergreen installers record its version
; ("pv"): in the 32-bit registry view per machine, in HKCU per user
; (Microsoft's "Detect if a WebView2 Runtime is already installed"). The
; MSI reads the same (station/build/wix/lifetag-station.wxs).
!define WEBVIEW2_KEY "SOFTWARE\Microsoft\EdgeUpdate\Clients\{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}"

; Exit codes (0 installed or uninstalled; NSIS itself: 1 cancelled, 2 aborted).
!define EXIT_BAD_CLOUDURL 3 ; /CLOUDURL= is not an https:// address
!define EXIT_DOWNGRADE 4    ; a newer version is installed
!define EXIT_OTHER 5        ; installed with the MSI
!define EXIT_NOT_X64 6      ; not x64 Windows (ARM64 runs x64 programs, but the station is not supported there)
!define EXIT_UNINSTALL 7    ; /UNINSTALL found nothing, or left files behind
!define EXIT_PURGE 8        ; /PURGE could not remove every user's data (nothing uninstalled)
; No WebView2 Runtime: the MSI can only say 1603 (a launch condition), so
; this refusal says the same, for one rule in Intune or SCCM for both.
!define EXIT_NO_WEBVIEW2 1603

Name "${PRODUCT}"
OutFile "${OUTFILE}"
InstallDir "$PROGRAMFILES64\${PRODUCT}"
RequestExecutionLevel admin
SetCompressor /SOLID lzma
ManifestDPIAware true

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${PRODUCT}"
VIAddVersionKey "CompanyName" "Lifetag"
VIAddVersionKey "LegalCopyright" "Lifetag"
VIAddVersionKey "FileDescription" "${PRODUCT} installer"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "ProductVersion" "${VERSION}"

!ifdef SIGN
  ; Signs uninstall.exe as makensis writes it into the installer, so the
  ; installed uninstaller is as signed as everything else.
  !uninstfinalize '"${SIGN}" "%1"'
!endif

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Var CloudUrl    ; the /CLOUDURL= value
Var Purge       ; 1 with /PURGE
Var HasCloudUrl ; 1 when /CLOUDURL= was given

; Log TEXT appends a line to the log.
!macro Log text
  Push "${text}"
  Call WriteLog
!macroend

!macro WriteLogFunction un
Function ${un}WriteLog
  Exch $0
  Push $1
  FileOpen $1 "${LOG}" a
  FileSeek $1 0 END
  FileWrite $1 "lifetag-station-setup ${VERSION}: $0$\r$\n"
  FileClose $1
  Pop $1
  Pop $0
FunctionEnd
!macroend
!insertmacro WriteLogFunction ""
!insertmacro WriteLogFunction "un."

; Refuse CODE TEXT: the log line, a message (none when silent), the exit code.
!macro Refuse code text
  Push `${text}`
  Push ${code}
  Call Refuse
!macroend

Function Refuse
  Pop $9 ; the exit code
  Pop $8 ; the message
  Push "refused (exit code $9): $8"
  Call WriteLog
  MessageBox MB_ICONSTOP "$8" /SD IDOK
  SetErrorLevel $9
  Quit
FunctionEnd

; ParseCloudUrl reads /CLOUDURL= from the command line in any of the forms
; IT types: /CLOUDURL=https://x, /CLOUDURL="https://x", "/CLOUDURL=https://x".
; (FileFunc's GetOptions cannot: it ends a value at the next "/".) The value
; ends at a space, a quote or a backslash, which an address never holds.
Function ParseCloudUrl
  ${GetParameters} $0
  StrLen $2 $0
  StrCpy $1 0
  StrCpy $HasCloudUrl 0
  ${Do}
    ${If} $1 >= $2
      Return
    ${EndIf}
    StrCpy $3 $0 10 $1 ; StrCmp and ${If} == ignore case
    ${If} $3 == "/CLOUDURL="
      ${Break}
    ${EndIf}
    IntOp $1 $1 + 1
  ${Loop}
  IntOp $1 $1 + 10
  StrCpy $3 $0 "" $1
  StrCpy $4 $3 1
  ${If} $4 == '"'
    StrCpy $3 $3 "" 1
  ${EndIf}
  StrCpy $5 0
  ${Do}
    StrCpy $4 $3 1 $5
    ${If} $4 == ""
    ${OrIf} $4 == '"'
    ${OrIf} $4 == " "
    ${OrIf} $4 == "\"
      ${Break}
    ${EndIf}
    IntOp $5 $5 + 1
  ${Loop}
  StrCpy $CloudUrl $3 $5
  StrCpy $HasCloudUrl 1
FunctionEnd

; CheckCloudUrl leaves 1 on the stack when $CloudUrl is an https:// address
; with a host and no user, query or fragment (as the station's check), else 0.
Function CheckCloudUrl
  StrCpy $0 $CloudUrl 8
  ${If} $0 != "https://"
    Push 0
    Return
  ${EndIf}
  StrCpy $1 $CloudUrl "" 8 ; host and path
  StrCpy $0 $1 1
  ${If} $1 == ""
  ${OrIf} $0 == "/"
    Push 0
    Return
  ${EndIf}
  StrLen $2 $1
  StrCpy $3 0
  ${Do}
    ${If} $3 >= $2
      ${Break}
    ${EndIf}
    StrCpy $0 $1 1 $3
    ${If} $0 == "?"
    ${OrIf} $0 == "#"
    ${OrIf} $0 == "@"
    ${OrIf} $0 == "\"
    ${OrIf} $0 == "'"
      Push 0
      Return
    ${EndIf}
    IntOp $3 $3 + 1
  ${Loop}
  Push 1
FunctionEnd

Function .onInit
  ${IfNot} ${IsNativeAMD64}
    !insertmacro Refuse ${EXIT_NOT_X64} "${PRODUCT} needs 64-bit Windows on an Intel or AMD (x64) processor; ARM64 Windows is not supported."
  ${EndIf}
  ; The 64-bit registry, as the 64-bit station reads it.
  SetRegView 64

  ${GetParameters} $0
  ClearErrors
  ${GetOptions} $0 "/UNINSTALL" $1
  ${IfNot} ${Errors}
    Call Uninstall
    Quit
  ${EndIf}

  Call ParseCloudUrl
  ${If} $HasCloudUrl == 1
    Call CheckCloudUrl
    Pop $0
    ${If} $0 != 1
      !insertmacro Refuse ${EXIT_BAD_CLOUDURL} '/CLOUDURL= must be the cloud$\'s https:// address, such as https://lifetag.example.org, not "$CloudUrl". Nothing was installed.'
    ${EndIf}
  ${EndIf}

  ReadRegStr $0 HKLM "${CONFIG_KEY}" "Installer"
  ${If} $0 == "msi"
    !insertmacro Refuse ${EXIT_OTHER} "${PRODUCT} is installed with its MSI (lifetag-station.msi). Upgrade it with the MSI, or uninstall it first."
  ${EndIf}

  ReadRegStr $0 HKLM "${UNINSTALL_KEY}" "DisplayVersion"
  ${If} $0 != ""
    ${VersionCompare} $0 "${VERSION}" $1
    ${If} $1 == 1
      !insertmacro Refuse ${EXIT_DOWNGRADE} "${PRODUCT} $0 is installed, newer than this installer's ${VERSION}. Uninstall it first to install an older version."
    ${EndIf}
  ${EndIf}

  ${GetParameters} $0
  ClearErrors
  ${GetOptions} $0 "/SKIPWEBVIEW2CHECK" $1
  ${If} ${Errors}
    Call WebView2Version
    Pop $1
    ${If} $1 == ""
      !insertmacro Refuse ${EXIT_NO_WEBVIEW2} "${PRODUCT} needs the Microsoft Edge WebView2 Runtime, which is not installed on this computer. Install it first (Microsoft's Evergreen Standalone Installer, x64), or run this installer with /SKIPWEBVIEW2CHECK if it is deployed separately. Nothing was installed."
    ${EndIf}
    !insertmacro Log "WebView2 Runtime $1 found"
  ${EndIf}
FunctionEnd

; WebView2Version leaves on the stack the WebView2 Runtime's version, per
; machine else for this account, or "" when neither has one (a "pv" of
; 0.0.0.0 is an uninstalled runtime).
Function WebView2Version
  SetRegView 32
  ReadRegStr $2 HKLM "${WEBVIEW2_KEY}" "pv"
  SetRegView 64
  ${If} $2 == ""
  ${OrIf} $2 == "0.0.0.0"
    ReadRegStr $2 HKCU "${WEBVIEW2_KEY}" "pv"
  ${EndIf}
  ${If} $2 == "0.0.0.0"
    StrCpy $2 ""
  ${EndIf}
  Push $2
FunctionEnd

; Uninstall (setup /S /UNINSTALL) runs the installed uninstaller in place
; and waits for it, then removes it: the uninstaller started by itself
; copies itself to %TEMP% and returns before it has finished.
Function Uninstall
  ReadRegStr $0 HKLM "${UNINSTALL_KEY}" "InstallLocation"
  ${If} $0 == ""
  ${OrIfNot} ${FileExists} "$0\uninstall.exe"
    !insertmacro Refuse ${EXIT_UNINSTALL} "${PRODUCT} is not installed with this installer; nothing to uninstall."
  ${EndIf}
  ${GetParameters} $2
  ClearErrors
  ${GetOptions} $2 "/PURGE" $3
  ${If} ${Errors}
    ExecWait '"$0\uninstall.exe" /S _?=$0' $1
  ${Else}
    ExecWait '"$0\uninstall.exe" /S /PURGE _?=$0' $1
  ${EndIf}
  ${If} $1 == ${EXIT_PURGE}
    !insertmacro Refuse ${EXIT_PURGE} "/PURGE could not remove every user's Lifetag Station data (see the line before); nothing was uninstalled."
  ${EndIf}
  Delete "$0\uninstall.exe"
  RMDir "$0"
  ${If} $1 != 0
  ${OrIf} ${FileExists} "$0\*.*"
    !insertmacro Refuse ${EXIT_UNINSTALL} "The uninstaller exited with $1 and left $0 behind."
  ${EndIf}
  !insertmacro Log "uninstalled from $0"
  SetErrorLevel 0
FunctionEnd

Section "Install"
  SetShellVarContext all
  SetOutPath "$INSTDIR"
  File "/oname=lifetag-station.exe" "${EXE}"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${PRODUCT}.lnk" "$INSTDIR\lifetag-station.exe"

  ; Only when given: an upgrade without /CLOUDURL= keeps IT's address.
  ${If} $HasCloudUrl == 1
    WriteRegStr HKLM "${CONFIG_KEY}" "CloudUrl" "$CloudUrl"
  ${EndIf}

  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "${PRODUCT}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "Publisher" "Lifetag"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\lifetag-station.exe"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  ; What winget and Intune run, and wait for. Started by itself, uninstall.exe
  ; copies itself to %TEMP%\~nsu*.tmp, starts the copy and returns at once,
  ; so it would "finish" while files are still being removed, and leave the
  ; copy's folder behind. So, as setup /S /UNINSTALL does (Function
  ; Uninstall): the uninstaller runs in place (_?=) and cmd /c waits for it
  ; (/d: no AutoRun commands), then removes it and the folder; the exit code
  ; is 7 (EXIT_UNINSTALL) if the folder is still there, else 0. (The folder
  ; is tested rather than rmdir's result, which cmd does not always report.)
  WriteRegStr HKLM "${UNINSTALL_KEY}" "QuietUninstallString" \
    '"$SYSDIR\cmd.exe" /d /c ""$INSTDIR\uninstall.exe" /S _?=$INSTDIR&& del /f /q "$INSTDIR\uninstall.exe"&& rmdir "$INSTDIR"& if exist "$INSTDIR" (exit ${EXIT_UNINSTALL}) else exit 0"'
  ; The size Add/Remove Programs shows (KB), of what is installed.
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "EstimatedSize" $0
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoRepair" 1
  !insertmacro Log "installed in $INSTDIR"
SectionEnd

Function un.onInit
  SetRegView 64
  ${un.GetParameters} $0
  ClearErrors
  ${un.GetOptions} $0 "/PURGE" $1
  ${IfNot} ${Errors}
    StrCpy $Purge 1
  ${EndIf}
FunctionEnd

Section "Uninstall"
  SetShellVarContext all
  ; The purge first, by the exe about to be removed, so a failure leaves
  ; the station installed and the uninstall can be run again.
  ${If} $Purge == 1
    nsExec::ExecToStack '"$INSTDIR\lifetag-station.exe" --purge-all-users'
    Pop $0 ; the exit code
    Pop $1 ; what it printed: the folders removed, or why not
    Push "purge (exit code $0): $1"
    Call un.WriteLog
    ${If} $0 != 0
      SetErrorLevel ${EXIT_PURGE}
      Quit
    ${EndIf}
  ${EndIf}
  Delete "$SMPROGRAMS\${PRODUCT}.lnk"
  Delete "$INSTDIR\lifetag-station.exe"
  Delete "$INSTDIR\uninstall.exe" ; fails while it runs in place (/UNINSTALL removes it)
  RMDir "$INSTDIR"
  DeleteRegKey HKLM "${UNINSTALL_KEY}"
  ; CONFIG_KEY's CloudUrl stays, as the MSI keeps it: IT set the cloud's
  ; address for this machine, IT removes it. Users' own files stay too.
SectionEnd
