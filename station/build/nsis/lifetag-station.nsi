; The Lifetag Station installer (NSIS 3), built by scripts/station-build.sh:
;   makensis -DVERSION=0.1.0 -DEXE=...\lifetag-station.exe -DICON=...\icon.ico
;            -DOUTFILE=...\lifetag-station-setup.exe lifetag-station.nsi
; from the exe already signed; the script then signs this installer.
;
; For IT, silently:  lifetag-station-setup.exe /S [/CLOUDURL=https://...] [/D=C:\path]
; /CLOUDURL= writes HKLM\SOFTWARE\Lifetag\Station\CloudUrl, which the station
; offers on its first run (station/machine_windows.go), as from the MSI's CLOUDURL.
Unicode true
!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"
!include "x64.nsh"

!define PRODUCT "Lifetag Station"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\LifetagStation"
!define CONFIG_KEY "SOFTWARE\Lifetag\Station"

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

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "${PRODUCT} needs 64-bit Windows." /SD IDOK
    Abort
  ${EndIf}
  ; The 64-bit registry, as the 64-bit station reads it.
  SetRegView 64
FunctionEnd

Section "Install"
  SetShellVarContext all
  SetOutPath "$INSTDIR"
  File "/oname=lifetag-station.exe" "${EXE}"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${PRODUCT}.lnk" "$INSTDIR\lifetag-station.exe"

  ${GetParameters} $0
  ClearErrors
  ${GetOptions} $0 "/CLOUDURL=" $1
  ${IfNot} ${Errors}
    WriteRegStr HKLM "${CONFIG_KEY}" "CloudUrl" "$1"
  ${EndIf}

  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "${PRODUCT}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "Publisher" "Lifetag"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\lifetag-station.exe"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKLM "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Function un.onInit
  SetRegView 64
FunctionEnd

Section "Uninstall"
  SetShellVarContext all
  Delete "$SMPROGRAMS\${PRODUCT}.lnk"
  Delete "$INSTDIR\lifetag-station.exe"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKLM "${UNINSTALL_KEY}"
  ; CONFIG_KEY stays: IT set the cloud's address for this machine, IT removes it.
SectionEnd
