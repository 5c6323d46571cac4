// The 'open-notes' command (Alt+Shift+Y) opens the notes page in a new tab.
function onCommand(command) {
  if (command === 'open-notes') chrome.tabs.create({ url: 'notes.html' })
}

chrome.commands.onCommand.addListener(onCommand)
