internal import CCairo

/// SF Symbols stand-ins. SF Symbols cannot ship outside Apple's platforms, so `Image(systemName:)`
/// draws the closest glyph of Google's Material Icons (Apache 2.0; Debian's
/// `fonts-material-design-icons-iconfont`, which `make setup` installs), mapped by hand from the
/// SF names apps use most. A name without a match draws a dashed placeholder and warns once.
///
/// Sizing: a symbol is a square of the font's point size (points), the icon's 24-unit em
/// square filling it. `.symbolVariant(.fill)` and `.circle`/`.square` pick the SF name with that
/// suffix where the table has one; `.symbolRenderingMode` is accepted (every icon is one colour).
enum SystemSymbols {
    /// The icon font's family, as fontconfig knows it.
    static let family = "Material Icons"

    /// SF Symbol name → Material Icons code point (the Material name in the comment).
    static let table: [String: UInt32] = Dictionary(uniqueKeysWithValues: pairs)

    /// The table's entries. The literal's type is written out: inferred, it took the compiler
    /// over a minute to type-check (in each of a build's two passes over the file).
    static let pairs: [(String, UInt32)] = [
        ("heart", 0xE87E),                                      // favorite_border
        ("heart.fill", 0xE87D),                                 // favorite
        ("heart.slash", 0xEAC2),                                // heart_broken
        ("star", 0xE83A),                                       // star_border
        ("star.fill", 0xE838),                                  // star
        ("star.leadinghalf.filled", 0xE839),                    // star_half
        ("bookmark", 0xE867),                                   // bookmark_border
        ("bookmark.fill", 0xE866),                              // bookmark
        ("house", 0xE88A),                                      // home
        ("house.fill", 0xE9B2),                                 // home_filled
        ("gear", 0xE8B8),                                       // settings
        ("gearshape", 0xE8B8),                                  // settings
        ("gearshape.fill", 0xE8B8),                             // settings
        ("magnifyingglass", 0xE8B6),                            // search
        ("xmark", 0xE5CD),                                      // close
        ("xmark.circle", 0xE888),                               // highlight_off
        ("xmark.circle.fill", 0xE5C9),                          // cancel
        ("checkmark", 0xE5CA),                                  // check
        ("checkmark.circle", 0xE92D),                           // check_circle_outline
        ("checkmark.circle.fill", 0xE86C),                      // check_circle
        ("checkmark.seal", 0xEF76),                             // verified
        ("checkmark.seal.fill", 0xEF76),                        // verified
        ("checkmark.square", 0xE834),                           // check_box
        ("checkmark.square.fill", 0xE834),                      // check_box
        ("square", 0xE835),                                     // check_box_outline_blank
        ("square.fill", 0xEB36),                                // square
        ("circle", 0xE836),                                     // radio_button_unchecked
        ("circle.fill", 0xEF4A),                                // circle
        ("record.circle", 0xE837),                              // radio_button_checked
        ("plus", 0xE145),                                       // add
        ("plus.circle", 0xE148),                                // add_circle_outline
        ("plus.circle.fill", 0xE147),                           // add_circle
        ("plus.square", 0xE146),                                // add_box
        ("plus.square.fill", 0xE146),                           // add_box
        ("minus", 0xE15B),                                      // remove
        ("minus.circle", 0xE15D),                               // remove_circle_outline
        ("minus.circle.fill", 0xE15C),                          // remove_circle
        ("play", 0xE037),                                       // play_arrow
        ("play.fill", 0xE037),                                  // play_arrow
        ("play.circle", 0xE039),                                // play_circle_outline
        ("play.circle.fill", 0xE1C4),                           // play_circle
        ("pause", 0xE034),                                      // pause
        ("pause.fill", 0xE034),                                 // pause
        ("pause.circle", 0xE036),                               // pause_circle_outline
        ("pause.circle.fill", 0xE1A2),                          // pause_circle
        ("stop", 0xE047),                                       // stop
        ("stop.fill", 0xE047),                                  // stop
        ("stop.circle", 0xEF71),                                // stop_circle
        ("stop.circle.fill", 0xEF71),                           // stop_circle
        ("forward", 0xE01F),                                    // fast_forward
        ("forward.fill", 0xE01F),                               // fast_forward
        ("backward", 0xE020),                                   // fast_rewind
        ("backward.fill", 0xE020),                              // fast_rewind
        ("forward.end", 0xE044),                                // skip_next
        ("forward.end.fill", 0xE044),                           // skip_next
        ("backward.end", 0xE045),                               // skip_previous
        ("backward.end.fill", 0xE045),                          // skip_previous
        ("gobackward", 0xE042),                                 // replay
        ("goforward", 0xE15A),                                  // redo
        ("arrow.clockwise", 0xE5D5),                            // refresh
        ("arrow.counterclockwise", 0xE042),                     // replay
        ("arrow.triangle.2.circlepath", 0xE627),                // sync
        ("repeat", 0xE040),                                     // repeat
        ("repeat.1", 0xE041),                                   // repeat_one
        ("shuffle", 0xE043),                                    // shuffle
        ("speaker", 0xE04E),                                    // volume_mute
        ("speaker.fill", 0xE04E),                               // volume_mute
        ("speaker.wave.1", 0xE04D),                             // volume_down
        ("speaker.wave.1.fill", 0xE04D),                        // volume_down
        ("speaker.wave.2", 0xE050),                             // volume_up
        ("speaker.wave.2.fill", 0xE050),                        // volume_up
        ("speaker.wave.3", 0xE050),                             // volume_up
        ("speaker.wave.3.fill", 0xE050),                        // volume_up
        ("speaker.slash", 0xE04F),                              // volume_off
        ("speaker.slash.fill", 0xE04F),                         // volume_off
        ("mic", 0xE02A),                                        // mic_none
        ("mic.fill", 0xE029),                                   // mic
        ("mic.slash", 0xE02B),                                  // mic_off
        ("mic.slash.fill", 0xE02B),                             // mic_off
        ("waveform", 0xE1B8),                                   // graphic_eq
        ("waveform.circle", 0xE1B8),                            // graphic_eq
        ("music.note", 0xE405),                                 // music_note
        ("music.note.list", 0xE03D),                            // queue_music
        ("headphones", 0xF01F),                                 // headphones
        ("hifispeaker", 0xE32D),                                // speaker
        ("radio", 0xE03E),                                      // radio
        ("antenna.radiowaves.left.and.right", 0xEBBA),          // cell_tower
        ("dot.radiowaves.left.and.right", 0xE51E),              // sensors
        ("wifi", 0xE63E),                                       // wifi
        ("wifi.slash", 0xE648),                                 // wifi_off
        ("airplane", 0xE539),                                   // flight
        ("car", 0xE531),                                        // directions_car
        ("car.fill", 0xE531),                                   // directions_car
        ("bus", 0xE530),                                        // directions_bus
        ("tram", 0xE571),                                       // tram
        ("bicycle", 0xEB29),                                    // pedal_bike
        ("figure.walk", 0xE536),                                // directions_walk
        ("figure.run", 0xE566),                                 // directions_run
        ("location", 0xE569),                                   // near_me
        ("location.fill", 0xE569),                              // near_me
        ("location.north", 0xE55D),                             // navigation
        ("map", 0xE55B),                                        // map
        ("map.fill", 0xE55B),                                   // map
        ("mappin", 0xE55F),                                     // place
        ("mappin.circle", 0xE55F),                              // place
        ("mappin.and.ellipse", 0xE0C8),                         // location_on
        ("globe", 0xE894),                                      // language
        ("globe.americas", 0xE80B),                             // public
        ("network", 0xEB2F),                                    // lan
        ("cloud", 0xE2C2),                                      // cloud_queue
        ("cloud.fill", 0xE2BD),                                 // cloud
        ("cloud.rain", 0xE3EA),                                 // grain
        ("cloud.bolt", 0xEBDB),                                 // thunderstorm
        ("sun.max", 0xE518),                                    // light_mode
        ("sun.max.fill", 0xE518),                               // light_mode
        ("moon", 0xE51C),                                       // dark_mode
        ("moon.fill", 0xE51C),                                  // dark_mode
        ("moon.stars", 0xEF44),                                 // bedtime
        ("sparkles", 0xE65F),                                   // auto_awesome
        ("snowflake", 0xEB3B),                                  // ac_unit
        ("flame", 0xEF55),                                      // local_fire_department
        ("flame.fill", 0xEF55),                                 // local_fire_department
        ("drop", 0xE798),                                       // water_drop
        ("drop.fill", 0xE798),                                  // water_drop
        ("bolt", 0xEA0B),                                       // bolt
        ("bolt.fill", 0xEA0B),                                  // bolt
        ("bolt.slash", 0xE3E6),                                 // flash_off
        ("bolt.heart", 0xEAA2),                                 // monitor_heart
        ("leaf", 0xEA35),                                       // eco
        ("leaf.fill", 0xEA35),                                  // eco
        ("tree", 0xEA63),                                       // park
        ("pawprint", 0xE91D),                                   // pets
        ("pawprint.fill", 0xE91D),                              // pets
        ("ant", 0xE868),                                        // bug_report
        ("ladybug", 0xE868),                                    // bug_report
        ("hare", 0xE9E4),                                       // speed
        ("tortoise", 0xE068),                                   // slow_motion_video
        ("bell", 0xE7F5),                                       // notifications_none
        ("bell.fill", 0xE7F4),                                  // notifications
        ("bell.slash", 0xE7F6),                                 // notifications_off
        ("bell.slash.fill", 0xE7F6),                            // notifications_off
        ("bell.badge", 0xE004),                                 // notification_important
        ("envelope", 0xE0E1),                                   // mail_outline
        ("envelope.fill", 0xE158),                              // mail
        ("envelope.open", 0xE151),                              // drafts
        ("paperplane", 0xE163),                                 // send
        ("paperplane.fill", 0xE163),                            // send
        ("tray", 0xE156),                                       // inbox
        ("tray.fill", 0xE156),                                  // inbox
        ("archivebox", 0xE149),                                 // archive
        ("archivebox.fill", 0xE149),                            // archive
        ("trash", 0xE92E),                                      // delete_outline
        ("trash.fill", 0xE872),                                 // delete
        ("folder", 0xE2C8),                                     // folder_open
        ("folder.fill", 0xE2C7),                                // folder
        ("folder.badge.plus", 0xE2CC),                          // create_new_folder
        ("doc", 0xE873),                                        // description
        ("doc.fill", 0xE873),                                   // description
        ("doc.text", 0xEF42),                                   // article
        ("doc.on.doc", 0xE14D),                                 // content_copy
        ("doc.on.clipboard", 0xE14F),                           // content_paste
        ("clipboard", 0xE85D),                                  // assignment
        ("list.bullet", 0xE241),                                // format_list_bulleted
        ("list.number", 0xE242),                                // format_list_numbered
        ("list.dash", 0xE896),                                  // list
        ("list.bullet.rectangle", 0xE0EE),                      // list_alt
        ("line.3.horizontal", 0xE5D2),                          // menu
        ("line.3.horizontal.decrease", 0xE152),                 // filter_list
        ("line.3.horizontal.decrease.circle", 0xE152),          // filter_list
        ("slider.horizontal.3", 0xE429),                        // tune
        ("square.grid.2x2", 0xE9B0),                            // grid_view
        ("square.grid.2x2.fill", 0xE9B0),                       // grid_view
        ("rectangle.grid.1x2", 0xE8E9),                         // view_agenda
        ("square.and.arrow.up", 0xE6B8),                        // ios_share
        ("square.and.arrow.down", 0xF090),                      // download
        ("square.and.arrow.down.fill", 0xF090),                 // download
        ("square.and.pencil", 0xE745),                          // edit_note
        ("pencil", 0xE3C9),                                     // edit
        ("pencil.circle", 0xE3C9),                              // edit
        ("pencil.slash", 0xE950),                               // edit_off
        ("highlighter", 0xE25F),                                // highlight
        ("scissors", 0xE14E),                                   // content_cut
        ("paintbrush", 0xE3AE),                                 // brush
        ("paintbrush.fill", 0xE3AE),                            // brush
        ("paintpalette", 0xE40A),                               // palette
        ("eyedropper", 0xE3B8),                                 // colorize
        ("wand.and.stars", 0xE663),                             // auto_fix_high
        ("crop", 0xE3BE),                                       // crop
        ("crop.rotate", 0xE437),                                // crop_rotate
        ("rotate.left", 0xE419),                                // rotate_left
        ("rotate.right", 0xE41A),                               // rotate_right
        ("lasso", 0xE155),                                      // gesture
        ("eye", 0xE8F4),                                        // visibility
        ("eye.fill", 0xE8F4),                                   // visibility
        ("eye.slash", 0xE8F5),                                  // visibility_off
        ("eye.slash.fill", 0xE8F5),                             // visibility_off
        ("lock", 0xE899),                                       // lock_outline
        ("lock.fill", 0xE897),                                  // lock
        ("lock.open", 0xE898),                                  // lock_open
        ("lock.open.fill", 0xE898),                             // lock_open
        ("key", 0xE73C),                                        // key
        ("key.fill", 0xE73C),                                   // key
        ("shield", 0xE9E0),                                     // shield
        ("shield.fill", 0xE9E0),                                // shield
        ("exclamationmark.shield", 0xF014),                     // gpp_maybe
        ("checkmark.shield", 0xE8E8),                           // verified_user
        ("person", 0xE7FF),                                     // person_outline
        ("person.fill", 0xE7FD),                                // person
        ("person.circle", 0xE853),                              // account_circle
        ("person.circle.fill", 0xE853),                         // account_circle
        ("person.2", 0xE7FC),                                   // people_outline
        ("person.2.fill", 0xE7FB),                              // people
        ("person.3", 0xF233),                                   // groups
        ("person.3.fill", 0xF233),                              // groups
        ("person.badge.plus", 0xE7FE),                          // person_add
        ("person.crop.circle", 0xE853),                         // account_circle
        ("person.crop.square", 0xE851),                         // account_box
        ("person.wave.2", 0xE91F),                              // record_voice_over
        ("bubble.left", 0xE0CB),                                // chat_bubble_outline
        ("bubble.left.fill", 0xE0CA),                           // chat_bubble
        ("bubble.right", 0xE0CB),                               // chat_bubble_outline
        ("bubble.right.fill", 0xE0CA),                          // chat_bubble
        ("bubble.left.and.bubble.right", 0xE0BF),               // forum
        ("bubble.left.and.bubble.right.fill", 0xE0BF),          // forum
        ("text.bubble", 0xE0B9),                                // comment
        ("quote.bubble", 0xE244),                               // format_quote
        ("phone", 0xE0CD),                                      // phone
        ("phone.fill", 0xE0CD),                                 // phone
        ("phone.down", 0xE0B1),                                 // call_end
        ("phone.down.fill", 0xE0B1),                            // call_end
        ("video", 0xE04B),                                      // videocam
        ("video.fill", 0xE04B),                                 // videocam
        ("video.slash", 0xE04C),                                // videocam_off
        ("camera", 0xE412),                                     // photo_camera
        ("camera.fill", 0xE412),                                // photo_camera
        ("camera.rotate", 0xEA38),                              // flip_camera_ios
        ("photo", 0xE3F4),                                      // image
        ("photo.fill", 0xE3F4),                                 // image
        ("photo.on.rectangle", 0xE413),                         // photo_library
        ("film", 0xE02C),                                       // movie
        ("film.fill", 0xE02C),                                  // movie
        ("tv", 0xE333),                                         // tv
        ("display", 0xE30C),                                    // desktop_windows
        ("desktopcomputer", 0xE30B),                            // desktop_mac
        ("laptopcomputer", 0xE31E),                             // laptop
        ("iphone", 0xE32C),                                     // smartphone
        ("ipad", 0xE32F),                                       // tablet
        ("applewatch", 0xE334),                                 // watch
        ("keyboard", 0xE312),                                   // keyboard
        ("printer", 0xE8AD),                                    // print
        ("printer.fill", 0xE8AD),                               // print
        ("externaldrive", 0xE1DB),                              // storage
        ("server.rack", 0xE875),                                // dns
        ("cpu", 0xE322),                                        // memory
        ("memorychip", 0xE322),                                 // memory
        ("battery.100", 0xE1A4),                                // battery_full
        ("battery.25", 0xEBE0),                                 // battery_2_bar
        ("battery.0", 0xEBDC),                                  // battery_0_bar
        ("powerplug", 0xE63C),                                  // power
        ("power", 0xE8AC),                                      // power_settings_new
        ("lightbulb", 0xE90F),                                  // lightbulb_outline
        ("lightbulb.fill", 0xE0F0),                             // lightbulb
        ("calendar", 0xE935),                                   // calendar_today
        ("calendar.badge.plus", 0xE878),                        // event
        ("clock", 0xE8B5),                                      // schedule
        ("clock.fill", 0xE8B5),                                 // schedule
        ("alarm", 0xE855),                                      // alarm
        ("alarm.fill", 0xE855),                                 // alarm
        ("stopwatch", 0xE425),                                  // timer
        ("timer", 0xE425),                                      // timer
        ("hourglass", 0xE88B),                                  // hourglass_empty
        ("cart", 0xE8CC),                                       // shopping_cart
        ("cart.fill", 0xE8CC),                                  // shopping_cart
        ("bag", 0xF1CC),                                        // shopping_bag
        ("bag.fill", 0xF1CC),                                   // shopping_bag
        ("creditcard", 0xE870),                                 // credit_card
        ("creditcard.fill", 0xE870),                            // credit_card
        ("giftcard", 0xE8F6),                                   // card_giftcard
        ("gift", 0xE8B1),                                       // redeem
        ("tag", 0xE54E),                                        // local_offer
        ("tag.fill", 0xE54E),                                   // local_offer
        ("dollarsign.circle", 0xE263),                          // monetization_on
        ("chart.bar", 0xE26B),                                  // bar_chart
        ("chart.bar.fill", 0xE26B),                             // bar_chart
        ("chart.pie", 0xE6C4),                                  // pie_chart
        ("chart.pie.fill", 0xE6C4),                             // pie_chart
        ("chart.line.uptrend.xyaxis", 0xE8E5),                  // trending_up
        ("arrow.up", 0xE5D8),                                   // arrow_upward
        ("arrow.down", 0xE5DB),                                 // arrow_downward
        ("arrow.left", 0xE5C4),                                 // arrow_back
        ("arrow.right", 0xE5C8),                                // arrow_forward
        ("arrow.up.circle", 0xF182),                            // arrow_circle_up
        ("arrow.up.circle.fill", 0xF182),                       // arrow_circle_up
        ("arrow.down.circle", 0xF181),                          // arrow_circle_down
        ("arrow.down.circle.fill", 0xF181),                     // arrow_circle_down
        ("arrow.left.circle", 0xEAA7),                          // arrow_circle_left
        ("arrow.right.circle", 0xEAAA),                         // arrow_circle_right
        ("arrow.up.right", 0xF1E1),                             // north_east
        ("arrow.down.left", 0xF1E5),                            // south_west
        ("arrow.up.arrow.down", 0xE8D5),                        // swap_vert
        ("arrow.left.arrow.right", 0xE8D4),                     // swap_horiz
        ("arrow.up.left.and.arrow.down.right", 0xF1CE),         // open_in_full
        ("arrow.down.right.and.arrow.up.left", 0xF1CF),         // close_fullscreen
        ("arrow.uturn.backward", 0xE166),                       // undo
        ("arrow.uturn.forward", 0xE15A),                        // redo
        ("arrowshape.turn.up.left", 0xE15E),                    // reply
        ("arrowshape.turn.up.right", 0xE154),                   // forward
        ("chevron.up", 0xE5CE),                                 // expand_less
        ("chevron.down", 0xE5CF),                               // expand_more
        ("chevron.left", 0xE5CB),                               // chevron_left
        ("chevron.right", 0xE5CC),                              // chevron_right
        ("chevron.up.chevron.down", 0xE5D7),                    // unfold_more
        ("chevron.left.forwardslash.chevron.right", 0xE86F),    // code
        ("ellipsis", 0xE5D3),                                   // more_horiz
        ("ellipsis.circle", 0xE5D3),                            // more_horiz
        ("ellipsis.vertical", 0xE5D4),                          // more_vert
        ("info", 0xE88F),                                       // info_outline
        ("info.circle", 0xE88F),                                // info_outline
        ("info.circle.fill", 0xE88E),                           // info
        ("questionmark", 0xE8FD),                               // help_outline
        ("questionmark.circle", 0xE8FD),                        // help_outline
        ("questionmark.circle.fill", 0xE887),                   // help
        ("exclamationmark", 0xE645),                            // priority_high
        ("exclamationmark.circle", 0xE001),                     // error_outline
        ("exclamationmark.circle.fill", 0xE000),                // error
        ("exclamationmark.triangle", 0xF083),                   // warning_amber
        ("exclamationmark.triangle.fill", 0xE002),              // warning
        ("nosign", 0xE14B),                                     // block
        ("hand.thumbsup", 0xE9F3),                              // thumb_up_off_alt
        ("hand.thumbsup.fill", 0xE8DC),                         // thumb_up
        ("hand.thumbsdown", 0xE9F2),                            // thumb_down_off_alt
        ("hand.thumbsdown.fill", 0xE8DB),                       // thumb_down
        ("hand.raised", 0xE925),                                // pan_tool
        ("hand.raised.fill", 0xE925),                           // pan_tool
        ("hand.tap", 0xE913),                                   // touch_app
        ("hand.wave", 0xE766),                                  // waving_hand
        ("face.smiling", 0xE813),                               // sentiment_satisfied
        ("face.smiling.fill", 0xE813),                          // sentiment_satisfied
        ("flag", 0xE16E),                                       // outlined_flag
        ("flag.fill", 0xE153),                                  // flag
        ("link", 0xE157),                                       // link
        ("paperclip", 0xE226),                                  // attach_file
        ("pin", 0xF10D),                                        // push_pin
        ("pin.fill", 0xF10D),                                   // push_pin
        ("scope", 0xE1B3),                                      // gps_fixed
        ("target", 0xE8E1),                                     // track_changes
        ("qrcode", 0xEF6B),                                     // qr_code
        ("barcode", 0xF206),                                    // qr_code_scanner
        ("textformat", 0xE262),                                 // text_fields
        ("bold", 0xE238),                                       // format_bold
        ("italic", 0xE23F),                                     // format_italic
        ("underline", 0xE249),                                  // format_underlined
        ("strikethrough", 0xE246),                              // format_strikethrough
        ("text.alignleft", 0xE236),                             // format_align_left
        ("text.aligncenter", 0xE234),                           // format_align_center
        ("text.alignright", 0xE237),                            // format_align_right
        ("textformat.size", 0xE245),                            // format_size
        ("character.cursor.ibeam", 0xE165),                     // text_format
        ("globe.europe.africa", 0xE80B),                        // public
        ("book", 0xEA19),                                       // menu_book
        ("book.fill", 0xEA19),                                  // menu_book
        ("books.vertical", 0xE02F),                             // library_books
        ("graduationcap", 0xE80C),                              // school
        ("graduationcap.fill", 0xE80C),                         // school
        ("briefcase", 0xE943),                                  // work_outline
        ("briefcase.fill", 0xE8F9),                             // work
        ("building.2", 0xE0AF),                                 // business
        ("building.columns", 0xE84F),                           // account_balance
        ("cross.case", 0xF109),                                 // medical_services
        ("heart.text.square", 0xEAA2),                          // monitor_heart
        ("stethoscope", 0xF109),                                // medical_services
        ("pills", 0xF033),                                      // medication
        ("gamecontroller", 0xEA28),                             // sports_esports
        ("gamecontroller.fill", 0xEA28),                        // sports_esports
        ("puzzlepiece", 0xE87B),                                // extension
        ("dice", 0xEB40),                                       // casino
        ("trophy", 0xEA23),                                     // emoji_events
        ("trophy.fill", 0xEA23),                                // emoji_events
        ("crown", 0xE7AF),                                      // workspace_premium
        ("medal", 0xEA3F),                                      // military_tech
        ("cup.and.saucer", 0xE541),                             // local_cafe
        ("fork.knife", 0xE56C),                                 // restaurant
        ("wineglass", 0xF1E8),                                  // wine_bar
        ("birthday.cake", 0xE7E9),                              // cake
        ("house.lodge", 0xE589),                                // cabin
        ("bed.double", 0xEFDF),                                 // bed
        ("shower", 0xF061),                                     // shower
        ("sofa", 0xEFED),                                       // chair
        ("lamp.desk", 0xF8F4),                                  // desk
        ("washer", 0xE54A),                                     // local_laundry_service
        ("cube", 0xE9FE),                                       // view_in_ar
        ("cube.fill", 0xE9FE),                                  // view_in_ar
        ("shippingbox", 0xE1A1),                                // inventory_2
        ("shippingbox.fill", 0xE1A1),                           // inventory_2
        ("square.stack", 0xE53B),                               // layers
        ("square.stack.3d.up", 0xE53B),                         // layers
        ("rectangle.stack", 0xE53B),                            // layers
        ("square.on.square", 0xE3E0),                           // filter_none
        ("circle.grid.3x3", 0xE5C3),                            // apps
        ("aspectratio", 0xE85B),                                // aspect_ratio
        ("viewfinder", 0xE3B5),                                 // center_focus_weak
        ("rectangle.dashed", 0xE3C2),                           // crop_free
        ("selection.pin.in.out", 0xE89F),                       // open_with
        ("hand.draw", 0xE155),                                  // gesture
        ("scribble", 0xE155),                                   // gesture
        ("scribble.variable", 0xE746),                          // draw
        ("app.badge", 0xE399),                                  // notification_add
        ("bell.and.waves.left.and.right", 0xE7F7),              // notifications_active
        ("speedometer", 0xE9E4),                                // speed
        ("gauge", 0xE9E4),                                      // speed
        ("thermometer", 0xF076),                                // thermostat
        ("wind", 0xEFD8),                                       // air
        ("tornado", 0xEBD5),                                    // cyclone
        ("hurricane", 0xF070),                                  // storm
        ("umbrella", 0xEB3E),                                   // beach_access
        ("sunrise", 0xE1C6),                                    // wb_twilight
        ("sun.haze", 0xE430),                                   // wb_sunny
        ("sun.min", 0xE430),                                    // wb_sunny
    ]

    /// The names with a stand-in.
    static var known: Set<String> { Set(table.keys) }

    /// `name` with the variants in `variants` applied (SF order: shape, then fill), falling back
    /// to the name itself when the table lacks the variant.
    static func resolvedName(_ name: String, variants: SymbolVariants) -> String {
        var candidates: [String] = []
        let shapes = [variants.contains(.circle) ? "circle" : nil, variants.contains(.square) ? "square" : nil].compactMap { $0 }
        for shape in shapes {
            if variants.contains(.fill) { candidates.append("\(name).\(shape).fill") }
            candidates.append("\(name).\(shape)")
        }
        if variants.contains(.fill) { candidates.append("\(name).fill") }
        return candidates.first { table[$0] != nil } ?? name
    }

    /// Whether fontconfig has the icon font (checked once).
    static let fontInstalled: Bool = FontSystem.shared.isInstalled(family)

    /// The symbol's size (points) in `environment`'s font, times its image scale.
    static func size(of name: String, environment: EnvironmentValues) -> CGSize {
        let side = pointSize(environment) * environment.imageScale.factor
        return CGSize(width: side, height: side)
    }
    static func pointSize(_ environment: EnvironmentValues) -> CGFloat {
        (environment.font ?? .body).resolved(dynamicTypeSize: environment.dynamicTypeSize).pointSize
    }

    /// Draws the symbol filling `rect` (user space) in `shading`, or the placeholder.
    static func draw(_ name: String, in rect: CGRect, context: GraphicsContext, shading: Shading) {
        let name = resolvedName(name, variants: context.environment.symbolVariants)
        if name == "checkmark" { return drawCheckmark(in: rect, context: context, shading: shading) }
        guard let code = table[name], fontInstalled, let scalar = Unicode.Scalar(code) else {
            drawPlaceholder(in: rect, context: context, shading: shading)
            return
        }
        var c = context
        c.environment.font = nil
        c.environment.fontDesign = nil
        let side = min(rect.width, rect.height)
        let text = Text(String(Character(scalar))).font(.custom(family, fixedSize: side))
        var resolved = c.resolve(text)
        resolved.shading = shading
        c.draw(resolved, at: CGPoint(x: rect.midX, y: rect.midY), anchor: .center)
    }

    /// `checkmark`, the symbol of list and menu selections, drawn as a path rather than Material's
    /// `check` (a wide, low glyph: 12 × 8.4 pt at 17 pt). Measured on Apple's picture of an inline
    /// picker's checkmark (StanfordSpezi/SpeziViews `optionSetPicker.option-picker-inline.png`,
    /// iOS 18 at 3x, body semibold in a 17 pt square; the fidelity suite's case): its ink spans
    /// 14.0 × 13.7 pt, from 0.04 to 0.86 of the square across and 0.16 to 0.96 down, a short
    /// stroke from the left at 0.59 down to the vertex at 0.37 across, then the long one up to
    /// the top right; strokes about 2.1 pt wide (0.125 of the square), round ends and join.
    static let checkmarkPoints: [CGPoint] = [CGPoint(x: 0.10, y: 0.59), CGPoint(x: 0.365, y: 0.90), CGPoint(x: 0.80, y: 0.22)]
    static let checkmarkStroke: CGFloat = 0.125

    static func drawCheckmark(in rect: CGRect, context c: GraphicsContext, shading: Shading) {
        let side = min(rect.width, rect.height)
        let origin = CGPoint(x: rect.midX - side / 2, y: rect.midY - side / 2)
        var path = Path()
        path.addLines(checkmarkPoints.map { CGPoint(x: origin.x + $0.x * side, y: origin.y + $0.y * side) })
        c.stroke(path, with: shading, style: StrokeStyle(lineWidth: checkmarkStroke * side, lineCap: .round, lineJoin: .round))
    }

    /// A dashed rounded square with a question mark: what an unknown name draws.
    static func drawPlaceholder(in r: CGRect, context c: GraphicsContext, shading: Shading) {
        let lw = max(1, min(r.width, r.height) * 0.06)
        c.stroke(Path(roundedRect: r.insetBy(dx: lw, dy: lw), cornerRadius: r.width * 0.2), with: shading,
                 style: StrokeStyle(lineWidth: lw, dash: [lw * 2, lw * 1.5]))
        var q = c
        q.environment.font = nil
        var text = q.resolve(Text("?").font(.system(size: r.height * 0.6, weight: .bold)))
        text.shading = shading
        q.draw(text, at: CGPoint(x: r.midX, y: r.midY))
    }
}

/// Which variant of a symbol to draw, as SwiftUI's `SymbolVariants`.
public struct SymbolVariants: Hashable, Sendable {
    struct Bits: OptionSet, Hashable, Sendable {
        let rawValue: Int
        static let fill = Bits(rawValue: 1), circle = Bits(rawValue: 2), square = Bits(rawValue: 4), slash = Bits(rawValue: 8)
    }
    var bits: Bits
    /// The plain symbol.
    public static let none = SymbolVariants(bits: [])
    /// The filled variant (`heart.fill`).
    public static let fill = SymbolVariants(bits: .fill)
    /// The symbol in a circle (`xmark.circle`).
    public static let circle = SymbolVariants(bits: .circle)
    /// The symbol in a square (`plus.square`).
    public static let square = SymbolVariants(bits: .square)
    /// The slashed variant (accepted; few stand-ins have one).
    public static let slash = SymbolVariants(bits: .slash)
    /// This variant in a circle.
    public var circle: SymbolVariants { SymbolVariants(bits: bits.union(.circle)) }
    /// This variant in a square.
    public var square: SymbolVariants { SymbolVariants(bits: bits.union(.square)) }
    /// This variant filled.
    public var fill: SymbolVariants { SymbolVariants(bits: bits.union(.fill)) }
    /// Whether `other`'s variants are all in this one.
    public func contains(_ other: SymbolVariants) -> Bool { bits.isSuperset(of: other.bits) }
}

/// How a symbol's layers are coloured, as SwiftUI's `SymbolRenderingMode`. The stand-in icons
/// have one layer, so every mode draws them in the foreground style.
public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String
    /// One colour.
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    /// Layers in the style's levels.
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    /// Layers in the styles given.
    public static let palette = SymbolRenderingMode(name: "palette")
    /// The symbol's own colours.
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
}
