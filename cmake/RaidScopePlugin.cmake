# raidscope_add_layout_plugin(<scheme>): the arithmetic in a static library that tests link, and a
# Qt MODULE plugin around it, written where the installed tree would have it.
function(raidscope_add_layout_plugin scheme)
    add_library(raidscope_${scheme}_layout STATIC ${scheme}layout.cpp ${scheme}layout.h)
    set_target_properties(raidscope_${scheme}_layout PROPERTIES POSITION_INDEPENDENT_CODE ON)
    target_include_directories(raidscope_${scheme}_layout PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
    target_link_libraries(raidscope_${scheme}_layout PUBLIC RaidScope::layout_api)
    target_compile_definitions(raidscope_${scheme}_layout PRIVATE QT_NO_FOREACH)

    qt_add_plugin(raidscope_${scheme})
    target_sources(raidscope_${scheme} PRIVATE ${scheme}plugin.h ${scheme}plugin.cpp ${scheme}.json)
    target_link_libraries(raidscope_${scheme} PRIVATE raidscope_${scheme}_layout)
    target_compile_definitions(raidscope_${scheme} PRIVATE QT_NO_FOREACH)
    set_target_properties(raidscope_${scheme} PROPERTIES CXX_VISIBILITY_PRESET hidden
        LIBRARY_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/${RAIDSCOPE_PLUGIN_DIR}")
    install(TARGETS raidscope_${scheme} LIBRARY DESTINATION "${RAIDSCOPE_PLUGIN_DIR}" COMPONENT runtime)
    set_property(GLOBAL APPEND PROPERTY RAIDSCOPE_PLUGINS raidscope_${scheme})
    set_property(GLOBAL APPEND PROPERTY RAIDSCOPE_PLUGIN_LIBS raidscope_${scheme}_layout)
endfunction()
